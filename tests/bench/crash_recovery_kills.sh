#!/bin/sh
# The workbench's crash-recovery test with many more kills than ctest makes (8): the GUI test
# binary restarts its working session again and again and kills it with SIGKILL at a random moment
# while it trains, saves a project, exports a figure or sweeps, then checks that every recovery and
# project file loads and that no autosaved run was lost (tests/ui/main_window_project_test.cpp). It
# prints the kills per phase and the runs autosaved at the end.
#
# Usage: tests/bench/crash_recovery_kills.sh [BUILD_DIR] [KILLS]   (defaults: build, 100)
set -eu
build=${1:-build}
kills=${2:-100}
TREELAB_KILLS=$kills QT_QPA_PLATFORM=offscreen "$build/treelab_ui_tests" \
  --gtest_filter=CrashRecovery.KilledAtRandomMomentsLosesAtMostTheRunInProgress
