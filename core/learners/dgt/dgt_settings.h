#pragma once
// A DGT run's settings resolved from its hyperparameters (dgt_hyperparameters.cpp) against the training
// set: the network's shape, the feedback, the loop (supervised: RMSprop, clipping, cosine annealing
// with warm restarts as the code steps it; bandit: the online loop and the estimators), the leaves
// to export and the target scaling.
#include "core/data/dataset.h"
#include "core/data/min_max_scale.h"
#include "core/learners/depth_search.h"
#include "core/learners/dgt/bandit_feedback.h"
#include "core/learners/dgt/dgt_export.h"
#include "core/learners/dgt/dgt_parameter_layout.h"
#include "core/params/param_spec.h"
#include "core/training/training_settings.h"

namespace treelab::dgt {

// What the learner is told about a training row (003 §2): its label (setting II), or only the loss
// of its own prediction (setting I, DGT-Bandit).
enum class Feedback { Supervised, Bandit };

struct Settings {
    Spec spec;
    double l1 = 0.0;
    bool float32 = false;  // precision=float32: parameters, gradient and RMSprop's state stored in float32
    Feedback feedback = Feedback::Supervised;
    TrainingSettings training;  // supervised: the minibatch loop
    OnlineSettings online;      // bandit: the online loop (003 Algorithm 1)
    BanditSettings bandit;
    LeafChoice leaves = LeafChoice::Auto;
    MinMaxScale target;  // regression: y scaled to [0, 1] on the training rows (main.py); else the identity
};

// 003 App. C.3.1; microsoft/DGT src/models/xdgt.py and src/run.sh: RMSprop eps 1e-5 (xhp.py), every gradient clipped to norm
// 0.01, and CosineAnnealingWarmRestarts(T_0 = total//4 + 2, eta_min 1e-4) stepped every 10
// mini-batches, total = epochs·⌈n/batch⌉//10 + 1 (about 3 restarts, 003 Table 11).
inline constexpr double kRmsPropEpsilon = 1e-5;
inline constexpr double kClipNorm = 0.01;
inline constexpr double kMinRate = 1e-4;
inline constexpr int kScheduleEvery = 10;

// epochs=auto, the epochs sized to the data: 400 (003 Table 11's largest) where the rows fit in one
// batch of batch_size, so that the fit takes 400 optimizer steps; otherwise a budget of 9,400 steps
// (letter: 100 epochs of 94 steps), at most run.sh's 200 epochs and at least 10, so that a fit's
// work stays flat in the rows up to about 120,000 of them and grows linearly beyond.
int auto_epochs(Eigen::Index rows, int batch_size);

// The cosine schedule of a run of `epochs` epochs of `rows` rows in batches of `batch_size`.
ScheduleSettings cosine_schedule(int epochs, Eigen::Index rows, int batch_size, double learning_rate);

// `height=auto` (003 §5 tunes h ∈ {2, 4, 6, 8, 10}; not the default, see the parameter's
// description): heights 2, 4, 6, 8 on held-out rows, ending at
// the first that is not better, since each costs about three times the one before (depth_search.h);
// 10 only when asked, at minutes per letter fit.
constexpr int kAutoHeight = 0;
DepthSearch height_search();
// The `height` parameter: a number, or kAutoHeight. Throws ParamError for a fraction.
int chosen_height(const ParamValues& params);

// The settings of a fit at `height` (not kAutoHeight). Throws ParamError for a hidden width list
// that does not parse or a height the widths lack.
Settings resolve_settings(const ParamValues& params, const Dataset& train, int height);

}  // namespace treelab::dgt
