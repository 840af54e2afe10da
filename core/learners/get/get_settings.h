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

// How the work grows with the training rows n (TreeLab's defaults; the paper's setting is
// batch_size=full, starts=10, plateau=0, search_rows=all):
// full batch up to kFullBatchRows rows, beyond that minibatches of kAutoBatchRows, so that a
// stage's steps each cost at most kAutoBatchRows rows however large n is;
constexpr int kFullBatch = -1, kAutoBatch = 0;
constexpr int kAutoBatchRows = 512;
constexpr Eigen::Index kFullBatchRows = kAutoBatchRows;
// starts = auto: ⌈kStartRows / n⌉ between 2 and 10 (004 App. D's 10 up to kFullBatchRows rows),
// so that the starts' steps together cost about the same beyond that (a larger table's starts
// differ less, and each costs a pass per epoch over all of it);
constexpr int kAutoStarts = 0;
constexpr double kStartRows = 10.0 * kFullBatchRows;
constexpr int kMostAutoStarts = 10, kFewestAutoStarts = 2;
int auto_starts(Eigen::Index rows);
// search_rows = auto: the depth search fits on at most kSearchRows training rows (drawn with the
// run's seed), scored on all the validation rows, with 1/kSearchEpochShare of each stage's
// epochs and the refit's starts up to kSearchStarts (only comparing depths, not keeping the tree).
constexpr Eigen::Index kAllRows = 0;
constexpr Eigen::Index kSearchRows = 4000;
constexpr int kSearchEpochShare = 4;

struct Settings {
    Spec spec;
    ScaleSchedule schedule;
    // AdamW (004 §4.3; the code's defaults lr 0.01, weight decay 0.01 on every parameter); the
    // loop's epochs, batches and starts are plan_fit's for the rows of a fit.
    TrainingSettings training;
    double weight_decay = 0.01;
    double l1 = 0.0;      // λ of 004 eq. 5 on the split weights A (get_objective.h)
    bool polish = false;  // 004 Alg. 2 after the whole fit (subtree_polish.h)
    // Judge epochs, starts and the CART fallback by the hard tree's validation objective when
    // there are validation rows (get_learner.cpp); false = the training objective, as 004 and its code.
    bool select_on_validation = true;
    int batch_rows = kAutoBatch;  // rows per step, kFullBatch or kAutoBatch
    int starts = kAutoStarts;     // or a number
    // A stage ends after this many optimizer steps without a better hard tree on the training
    // rows, and the start with its last stage; 0 = every stage runs all its epochs (004 App. D).
    int plateau_steps = 0;
    Eigen::Index search_rows = kAllRows;  // or a number
};

// A fit's loop settings on `rows` training rows: full batch or minibatches, each stage's epochs
// (a stage of E epochs in the schedule is E optimizer steps: with minibatches, ⌈E / steps per
// pass⌉ passes), the plateau in passes, and the starts.
struct FitPlan {
    TrainingSettings training;
    std::vector<int> stage_epochs;
    int steps_per_epoch = 1;
    int plateau_epochs = 0;  // 0 = never
};
FitPlan plan_fit(const Settings& settings, Eigen::Index rows);

// The warm-up + cosine schedule of one stage of `epochs` steps (004 App. D;
// maoqiangqiang/GET GET/modifiedScheduler.py): from kMinRate up to the learning rate in kWarmupSteps steps,
// then one cosine down to kMinRate at the stage's end; a fresh AdamW with it at each stage.
ScheduleSettings stage_schedule(int epochs, double learning_rate);
constexpr double kMinRate = 1e-6;
constexpr int kWarmupSteps = 10;

// Throws ParamError for a schedule that does not parse, or linear leaves on a classification target.
Settings resolve_settings(const ParamValues& params, const Dataset& train);

}  // namespace treelab::get
