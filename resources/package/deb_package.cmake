# The Debian package: `cpack -G DEB` in the build folder writes treelab_<version>_<arch>.deb with
# everything `cmake --install` puts under /usr. Its Depends are the libraries the programs link, found
# by dpkg-shlibdeps, and what they use without linking it.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME treelab)
set(CPACK_PACKAGE_VENDOR "TreeLab developers")
set(CPACK_PACKAGE_CONTACT "TreeLab developers <maintainers@treelab.example.org>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "workbench for decision trees learned by gradient descent")
set(CPACK_PACKAGE_DESCRIPTION "TreeLab learns decision trees with the differentiable methods of recent
papers (LatentTrees, GradTree, GET, DGT) and with CART, from a Qt workbench
(treelab) or the command line (treelab-cli). It shows the tree as it
learns, with routing shares, pruned nodes and thresholds in the data's
units; sweeps hyperparameters over seeds; compares methods on the same
cross-validation folds; and exports models, rules and figures (SVG, PDF,
PNG). Shipped with nine data sets and its manual.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${TREELAB_HOMEPAGE}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Added to what dpkg-shlibdeps finds: OpenBLAS is loaded by its path at run time (core/nn/openblas_kernels.h),
# so no program links it; the offscreen figures of `treelab-cli draw` and `plot` are set in DejaVu.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libopenblas0-serial, fonts-dejavu-core")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

include(GNUInstallDirs)
# What Debian policy asks of every package: its copyright and changelog under /usr/share/doc/treelab.
set(TREELAB_DEB_CHANGELOG ${PROJECT_BINARY_DIR}/resources/package/changelog.gz)
add_custom_command(OUTPUT ${TREELAB_DEB_CHANGELOG}
  COMMAND gzip -9nc ${PROJECT_SOURCE_DIR}/resources/package/changelog > ${TREELAB_DEB_CHANGELOG}
  DEPENDS ${PROJECT_SOURCE_DIR}/resources/package/changelog)
add_custom_target(treelab_deb_changelog ALL DEPENDS ${TREELAB_DEB_CHANGELOG})
install(FILES ${PROJECT_SOURCE_DIR}/resources/package/copyright ${TREELAB_DEB_CHANGELOG}
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/treelab)
include(CPack)
