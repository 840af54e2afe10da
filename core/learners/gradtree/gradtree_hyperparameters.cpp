// The GradTree hyperparameter table and its resolution against a training set.
// Defaults are the paper's "default setting" (001 App. B.2; s-marton/GradTree, the GDTs-*-DEFAULT notebooks).
#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/learners/gradtree/gradtree_learner.h"
#include "core/learners/gradtree/gradtree_settings.h"
#include "core/training/training_params.h"

namespace treelab {

std::span<const ParamSpec> gradtree_hyperparameter_table() {
    static const std::vector<ParamSpec> specs = [] {
        std::vector<ParamSpec> rows = {
            {.name = "depth", .label = "Depth",
             .help = "Depth d of the dense tree (2^d leaves) before pruning; auto = the depth of the best validation accuracy "
                     "(R² for a value) of one start each at 2, 4, 6, 8 and 10, stopping after two depths without a better one, "
                     "then refitted with every restart (10 is the paper's default).",
             .type = ParamType::Choice, .min = 1, .max = 12, .default_value = std::string("auto"), .choices = {"auto"},
             .accepts_number = true},
            {.name = "lr_index", .label = "Feature learning rate",
             .help = "Adam rate of the feature-selection logits I (paper default 0.05).",
             .type = ParamType::Real, .min = 1e-12, .max = 10, .default_value = 0.05, .log_scale = true},
            {.name = "lr_values", .label = "Threshold learning rate",
             .help = "Adam rate of the thresholds T (paper default 0.01).",
             .type = ParamType::Real, .min = 1e-12, .max = 10, .default_value = 0.01, .log_scale = true},
            {.name = "lr_leaf", .label = "Leaf learning rate",
             .help = "Adam rate of the leaf outputs; auto = 0.005 for two classes, 0.05 for more (the paper's defaults) and for "
                     "regression (our choice: the paper has no regression setting).",
             .type = ParamType::Choice, .min = 1e-12, .max = 10, .default_value = std::string("auto"),
             .choices = {"auto"}, .accepts_number = true, .log_scale = true},
            {.name = "loss", .label = "Loss",
             .help = "auto = cross-entropy for classes, squared error for a regression target; paper = the paper's default "
                     "(001 App. B.2): cross-entropy for two classes, focal (gamma 3) for more; focal = (1 - p_t)^3 times the "
                     "cross-entropy.",
             .type = ParamType::Choice, .default_value = std::string("auto"),
             .choices = {"auto", "paper", "crossentropy", "focal"}},
            {.name = "poly_epsilon", .label = "Poly-1 epsilon",
             .help = "Poly-1 (Leng et al. 2022): adds epsilon * (1 - p_t) to the loss; 0 = off. The paper's tuned settings use "
                     "2 or 5 where its Table 12 says polyLoss=True.",
             .type = ParamType::Real, .min = 0, .max = 1e6, .default_value = 0.0, .sweep = {0.0, 5.0, 6}},
            {.name = "poly_pt", .label = "Poly-1 p_t",
             .help = "Where Poly-1's p_t comes from. paper = the paper code's quirk, the activation applied twice: sigma(sigma(z)) "
                     "for two classes, softmax(softmax(z))_y for more (with focal loss on more classes the code's term is a "
                     "constant, so it has no effect); clean = sigma(z) or softmax(z)_y.",
             .type = ParamType::Choice, .default_value = std::string("paper"), .choices = {"paper", "clean"}},
            {.name = "batch_size", .label = "Batch size",
             .help = "Rows per step; auto = min(128, ceil(n/2)) of the n training rows.",
             .type = ParamType::Choice, .min = 1, .max = 1e9, .default_value = std::string("auto"),
             .choices = {"auto"}, .accepts_number = true},
            {.name = "restarts", .label = "Restarts",
             .help = "Further runs from new initial parameters, the one of the lowest validation loss kept; auto = 5 for two "
                     "classes, 3 otherwise (the paper's default-setting notebooks).",
             .type = ParamType::Choice, .min = 0, .max = 1000, .default_value = std::string("auto"),
             .choices = {"auto"}, .accepts_number = true},
            {.name = "prune", .label = "Prune",
             .help = "Post-hoc pruning: a node with a branch no training row reaches is replaced by its other child "
                     "(001 §4.1); keeps every training prediction.",
             .type = ParamType::Boolean, .default_value = true},
        };
        TrainingDefaults training;
        training.epochs = 10000;  // 001 App. C: the maximum; patience ends runs long before
        training.schedule = "constant";  // 001 App. C: constant rates
        training.schedules = {"constant", "plateau"};
        for (ParamSpec& row : training_param_specs(training)) rows.push_back(std::move(row));
        rows.push_back({.name = "patience", .label = "Patience",
                        .help = "Stop a start after this many epochs without a better validation loss; 0 = never; auto = the "
                                "epochs of about " + std::to_string(gradtree::kPatienceSteps) + " optimizer steps, between " +
                                std::to_string(gradtree::kLeastPatience) + " and 200 (the paper's 200 epochs, 001 App. C, on "
                                "small data sets).",
                        .type = ParamType::Choice, .min = 0, .max = 100000, .default_value = std::string("auto"),
                        .choices = {"auto"}, .accepts_number = true});
        return rows;
    }();
    return specs;
}

namespace gradtree {
namespace {

Loss resolve_loss(const std::string& loss, Task task, bool binary) {
    if (task == Task::Regression) {
        if (loss != "auto" && loss != "paper") throw ParamError("loss '" + loss + "' needs a classification target; regression uses the squared error");
        return Loss::SquaredError;
    }
    if (loss == "crossentropy") return Loss::CrossEntropy;
    if (loss == "focal") return Loss::Focal;
    if (loss == "paper") return binary ? Loss::CrossEntropy : Loss::Focal;
    return Loss::CrossEntropy;
}

}  // namespace

DepthSearch depth_search() {
    DepthSearch search;
    search.depths = {2, 4, 6, 8, 10};
    return search;
}

Settings resolve_settings(const ParamValues& params, const Dataset& train) {
    Settings s;
    const bool classification = train.task == Task::Classification;
    const bool binary = classification && train.classes() <= 2;
    s.spec.depth = kAutoDepth;
    if (params.is_number("depth")) {
        const double depth = params.real("depth");
        if (depth != std::floor(depth)) throw ParamError("depth must be auto or a whole number, not " + params.text("depth"));
        s.spec.depth = static_cast<int>(depth);
    }
    s.spec.inputs = static_cast<Eigen::Index>(train.features());
    s.spec.outputs = binary || !classification ? 1 : train.classes();
    s.spec.loss = resolve_loss(params.text("loss"), train.task, binary);
    s.spec.poly_epsilon = params.real("poly_epsilon");
    if (s.spec.poly_epsilon > 0.0 && !classification)
        throw ParamError("poly_epsilon adds a term in the class probability p_t; the regression loss has none, use 0");
    s.spec.poly_pt = params.text("poly_pt") == "clean" ? nn::PolyPt::Logits : nn::PolyPt::Activated;
    s.lr_index = params.real("lr_index");
    s.lr_values = params.real("lr_values");
    s.lr_leaf = params.is_number("lr_leaf") ? params.real("lr_leaf") : binary ? 0.005 : 0.05;
    s.prune = params.boolean("prune");

    read_training_params(params, s.training);
    const long long half = (train.rows() + 1) / 2;
    // batch_size and restarts are "auto" or a whole number (read_training_params reads the number).
    if (!params.whole_number("batch_size")) s.training.batch_size = static_cast<int>(std::clamp<long long>(half, 1, 128));
    if (!params.whole_number("restarts")) s.training.restarts = binary ? 5 : 3;
    if (!params.whole_number("patience")) {
        const long long steps_per_epoch = (train.rows() + s.training.batch_size - 1) / std::max(s.training.batch_size, 1);
        s.training.patience = static_cast<int>(std::clamp<long long>((kPatienceSteps + steps_per_epoch - 1) / std::max(steps_per_epoch, 1LL),
                                                                     kLeastPatience, 200));
    }
    // plateau: the three rates divided by 5 after a quarter of the patience without a better validation loss.
    s.training.schedule.factor = kPlateauFactor;
    s.training.schedule.patience = std::max(1, s.training.patience / 4);
    s.training.optimizer.kind = "adam";  // TF legacy Adam, ε after the bias-corrected step (001 App. A)
    s.training.optimizer.epsilon = 1e-7;
    s.training.optimizer.epsilon_placement = EpsilonPlacement::TensorFlow;
    if (!classification && train.rows() > 0) {
        s.target_mean = train.y.mean();
        const double deviation = std::sqrt((train.y.array() - s.target_mean).square().mean());
        s.target_scale = deviation > 0.0 ? deviation : 1.0;
    }
    return s;
}

}  // namespace gradtree
}  // namespace treelab
