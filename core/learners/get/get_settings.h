#pragma once
// A GET run's settings resolved from its hyperparameters (get_hyperparameters.cpp) against the
// training set.
#include "core/data/dataset.h"
#include "core/learners/depth_search.h"
#include "core/learners/get/get_parameter_layout.h"
#include "core/learners/get/scale_schedule.h"
#include "core/params/param_spec.h"
#include "core/training/training_settings.h"

namespace treelab::get {

constexpr int kAutoDepth = 0;  // Spec::depth of `depth=auto`, until depth_search.h chooses one
// depth=auto (004 App. F.1 tunes 1..12): depths 1..8, beyond which a default fit takes minutes on
// modest data, ending two depths after the best; the search's fits make at most kSearchStarts
// starts (the first from CART, so also what the refit with every start begins with): they compare
// depths, and the refit at the chosen one makes them all.
constexpr int kAutoMaxDepth = 8;
constexpr int kSearchStarts = 3;
DepthSearch depth_search();

struct Settings {
    Spec spec;
    ScaleSchedule schedule;
    // Full-batch AdamW (004 §4.3; the code's defaults lr 0.01, weight decay 0.01 on every
    // parameter), every epoch one step, no early stopping, starts = restarts + 1.
    TrainingSettings training;
    double weight_decay = 0.01;
    double l1 = 0.0;      // λ of 004 eq. 5 on the split weights A (get_objective.h)
    bool polish = false;  // 004 Alg. 2 after the whole fit (subtree_polish.h)
    // Judge epochs, starts and the CART fallback by the hard tree's validation objective when
    // there are validation rows (get_learner.cpp); false = the training objective, as 004 and its code.
    bool select_on_validation = true;
};

// The warm-up + cosine schedule of one stage of `epochs` steps (004 App. D;
// maoqiangqiang/GET GET/modifiedScheduler.py): from kMinRate up to the learning rate in kWarmupSteps steps,
// then one cosine down to kMinRate at the stage's end; a fresh AdamW with it at each stage.
ScheduleSettings stage_schedule(int epochs, double learning_rate);
constexpr double kMinRate = 1e-6;
constexpr int kWarmupSteps = 10;

// Throws ParamError for a schedule that does not parse, or linear leaves on a classification target.
Settings resolve_settings(const ParamValues& params, const Dataset& train);

}  // namespace treelab::get
