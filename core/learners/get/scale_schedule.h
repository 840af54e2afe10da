#pragma once
// GET's scale-factor schedule (004 §4.1, App. D), a hyperparameter the user writes: stages run in
// the order written, each with a scale factor α (fixed, or drawn per start from a range) for a
// number of full-batch epochs; stage k + 1 warm-starts from stage k's best hard tree.
//
// Text form: a preset name, or stages separated by commas, each ALPHA:EPOCHS where ALPHA is a
// number (fixed) or U(LOW,HIGH) (uniform, drawn per start), e.g. "U(5,25):3000,U(50,150):3000".
#include <random>
#include <string>
#include <vector>

namespace treelab::get {

struct ScaleStage {
    double low = 1.0, high = 1.0;  // α ~ U(low, high); low == high is a fixed α
    int epochs = 1;
};

using ScaleSchedule = std::vector<ScaleStage>;

// The presets: paper = α₁ ~ U(5, 25), α₂ ~ U(50, 150), 3000 epochs each (004 App. D and App. F:
// N_epoch = 3000 per scale factor, Algorithm 1 lines 7-9); code = the authors' code, α₂ ~ U(80, 120)
// (maoqiangqiang/GET GET/GET_IterAlp.py; epochNum 3000 per stage).
const std::vector<std::string>& scale_schedule_presets();  // {"paper", "code"}

// Parses a preset name or the stage list; throws ParamError naming what is wrong and where
// (e.g. "stage 2: epochs must be a whole number from 1 to 1000000, not 'x'").
ScaleSchedule parse_scale_schedule(const std::string& text);
// The canonical text: a preset's name as given, else the stages as "U(5,25):3000,100:50".
std::string canonical_scale_schedule(const std::string& text);
// The stages written in the grammar parse_scale_schedule reads, e.g. "U(5,25):3000,100:50".
std::string scale_schedule_text(const ScaleSchedule& schedule);

int total_epochs(const ScaleSchedule& schedule);
// One α per stage for one start, drawn in stage order (a fixed stage draws nothing).
std::vector<double> draw_scale_factors(const ScaleSchedule& schedule, std::mt19937& random);

}  // namespace treelab::get
