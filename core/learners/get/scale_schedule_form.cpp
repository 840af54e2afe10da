// scale_schedule_form.h: the schedule's stages read and written by scale_schedule.h.
#include "core/learners/get/scale_schedule_form.h"

#include "core/learners/get/scale_schedule.h"

namespace treelab::get {

StageListForm scale_schedule_form() {
    StageListForm form;
    form.value_label = "scale factor α";
    form.value_key = "alpha";
    form.value_symbol = "α";
    form.read = [](const std::string& text) {
        std::vector<ParamStage> stages;
        for (const ScaleStage& stage : parse_scale_schedule(text)) stages.push_back({stage.low, stage.high, stage.epochs});
        return stages;
    };
    form.write = [](const std::vector<ParamStage>& stages) {
        ScaleSchedule schedule;
        for (const ParamStage& stage : stages) schedule.push_back({stage.low, stage.high, stage.epochs});
        return scale_schedule_text(schedule);
    };
    return form;
}

}  // namespace treelab::get
