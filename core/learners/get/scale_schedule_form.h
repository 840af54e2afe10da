#pragma once
// GET's scale-factor schedule as the platform's stage list (core/params/stage_list.h), so that the
// GUI form edits it with its schedule editor without knowing GET.
#include "core/params/stage_list.h"

namespace treelab::get {

StageListForm scale_schedule_form();

}  // namespace treelab::get
