#pragma once
// A small project as the workbench would hold it: a CART run, a two-epoch GradTree run with
// recorded trees and non-finite scores, a sweep and a comparison, on glass and iris.
#include "core/project/project_file.h"

namespace treelab::test {

const Project& small_project();

}  // namespace treelab::test
