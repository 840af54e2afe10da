// The LatentTrees hyperparameter table and its resolution against a training set.
// Defaults follow the reference's Glass clustering run (vzantedeschi/LatentTrees
// hierarchical_clustering.py: depth 6, batch 8) except lambda and the formulation. "lambda" weighs the formulation's pruning term: the mean activity, the
// ICLR ‖η‖_∞, or the ICML "reg" inside the QP (the ICML code's λ is a QP weight, not the ICLR
// paper's weight on ‖η‖_∞).
#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/learners/latent/latent_learner.h"
#include "core/learners/latent/latent_settings.h"
#include "core/training/training_params.h"

namespace treelab {

std::span<const ParamSpec> latent_hyperparameter_table() {
    static const std::vector<ParamSpec> specs = [] {
        std::vector<ParamSpec> rows = {
            {.name = "depth", .label = "Depth",
             .help = "Depth D of the complete tree (2^D leaves); 6 is the reference's Glass clustering depth.",
             .type = ParamType::Integer, .min = 1, .max = 10, .default_value = 6LL},
            {.name = "lambda", .label = "Pruning lambda",
             .help = "Pruning strength, the weight of the formulation's pruning term; larger prunes more. activity: about 1e-3 "
                     "(nearly no pruning) to 1 (the root alone). The reference's tuned Glass value 17.89 is for iclr.",
             .type = ParamType::Real, .min = 0, .max = 1e300, .default_value = 1e-2, .log_scale = true,
             .sweep = {1e-3, 10.0, 9}},  // activity: nearly every node active at 1e-3, the root alone from about 1 to 10 (resources/doc/methods/latent.md)
            {.name = "formulation", .label = "Formulation",
             .help = "Where lambda acts. activity: lambda times the mean activity a_t of the nodes is added to the loss, so a node "
                     "stays only if it lowers the loss by more than its share of lambda (as CART's ccp_alpha); iclr: 000 eq. 10 "
                     "as written, lambda*||eta||_inf (prunes little whatever lambda, see the manual); icml: the authors' ICML-2021 "
                     "code, lambda inside the pruning QP, no eta.",
             .type = ParamType::Choice, .default_value = std::string("activity"),
             .choices = {"activity", "iclr", "icml"}},
            {.name = "eta_init", .label = "Initial eta",
             .help = "Pruning scores at the start: symmetric = U(-1, 1) as 000 Alg. 2 (about half the nodes can start pruned); "
                     "positive = U(0, 1), every node rows reach starts active; auto = symmetric for iclr, positive otherwise.",
             .type = ParamType::Choice, .default_value = std::string("auto"),
             .choices = {"auto", "symmetric", "positive"}},
            {.name = "task", .label = "Task",
             .help = "auto follows the target; self_supervised regresses the `regress` features from the others (000 §4.2), "
                     "the target is then used only for evaluation.",
             .type = ParamType::Choice, .default_value = std::string("auto"),
             .choices = {"auto", "classification", "regression", "self_supervised"}},
            {.name = "regress", .label = "Regressed features",
             .help = "self_supervised: comma-separated feature names to regress; empty = the first two (RI, Na on Glass).",
             .type = ParamType::Text, .default_value = std::string("")},
            {.name = "split_activation", .label = "Split activation",
             .help = "Applied to s(x) = w.x + b; elu keeps the routing signs.",
             .type = ParamType::Choice, .default_value = std::string("none"), .choices = {"none", "elu"}},
            {.name = "predictor", .label = "Predictor",
             .help = "f_phi on [x, z_leaves]: linear, or mlp, a multi-layer perceptron with ELU and dropout (000 §4).",
             .type = ParamType::Choice, .default_value = std::string("linear"), .choices = {"linear", "mlp"}},
            {.name = "mlp_layers", .label = "MLP layers",
             .help = "predictor=mlp: fully-connected layers L of f_phi, the hidden ones 64, 128, 256... units wide "
                     "(000 §4 tunes L in 2..5; the reference's Click setting is 5).",
             .type = ParamType::Integer, .min = 2, .max = 6, .default_value = 2LL},
            {.name = "dropout", .label = "MLP dropout",
             .help = "predictor=mlp: probability of zeroing each hidden unit during training (000 §4 tunes it in [0, 0.5]; "
                     "the reference's Click setting is 0.0704).",
             .type = ParamType::Real, .min = 0, .max = 0.99, .default_value = 0.0},
        };
        TrainingDefaults training;
        training.epochs = 100;
        training.batch_size = 8;
        training.batch_size_help = "Rows per step; the pruning QP is solved per batch (8 = the paper's Glass setting).";
        training.learning_rate = 0.01;  // converges within 100 epochs on the shipped sets (README, "Defaults"); the reference uses 1e-3
        training.optimizer = "qhadam";  // qhoptim QHAdam(nu 0.7, 1.0; betas 0.995, 0.998) as the reference (hierarchical_clustering.py)
        training.optimizers = {"qhadam", "adam", "adamw", "sgd", "rmsprop"};
        training.schedule = "plateau";  // 000 App. A.3: divide by 10 after 2 epochs without improvement
        training.schedules = {"plateau", "constant"};
        training.patience = 20;
        training.restarts = 0;
        for (ParamSpec& row : training_param_specs(training)) rows.push_back(std::move(row));
        return rows;
    }();
    return specs;
}

namespace latent {
namespace {

Mode resolve_mode(const std::string& task, Task target) {
    if (task == "self_supervised") return Mode::SelfSupervised;
    if (task == "auto") return target == Task::Classification ? Mode::Classification : Mode::Regression;
    const Mode mode = task == "classification" ? Mode::Classification : Mode::Regression;
    if ((mode == Mode::Classification) != (target == Task::Classification))
        throw ParamError("task '" + task + "' needs a " + task + " target; this target is " + to_string(target));
    return mode;
}

std::string trimmed(const std::string& text) {
    const std::size_t first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

std::vector<int> regressed_columns(const std::string& text, const std::vector<std::string>& names) {
    std::vector<int> columns;
    if (trimmed(text).empty()) {
        for (int k = 0; k < 2 && k < static_cast<int>(names.size()); ++k) columns.push_back(k);
        return columns;
    }
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        const std::string name = trimmed(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        const auto found = std::find(names.begin(), names.end(), name);
        if (found == names.end()) throw ParamError("regress: '" + name + "' is not a feature name");
        const int column = static_cast<int>(found - names.begin());
        if (std::find(columns.begin(), columns.end(), column) != columns.end())
            throw ParamError("regress: '" + name + "' is listed twice");
        columns.push_back(column);
        if (comma == std::string::npos) return columns;
        start = comma + 1;
    }
}

}  // namespace

Settings resolve_settings(const ParamValues& params, const Dataset& train) {
    Settings s;
    s.mode = resolve_mode(params.text("task"), train.task);
    const int features = static_cast<int>(train.features());
    if (s.mode == Mode::SelfSupervised) {
        s.output_columns = regressed_columns(params.text("regress"), train.feature_names);
        if (s.output_columns.empty()) throw ParamError("task self_supervised needs at least one feature to regress");
    } else if (!trimmed(params.text("regress")).empty()) {
        throw ParamError("regress is used only with task=self_supervised");
    }
    for (int k = 0; k < features; ++k)
        if (std::find(s.output_columns.begin(), s.output_columns.end(), k) == s.output_columns.end()) s.input_columns.push_back(k);
    if (s.input_columns.empty()) throw ParamError("no input feature is left once the regressed features are removed");

    s.spec.depth = static_cast<int>(params.integer("depth"));
    s.spec.lambda = params.real("lambda");
    const std::string formulation = params.text("formulation");
    s.spec.formulation = formulation == "iclr" ? Formulation::Iclr : formulation == "icml" ? Formulation::Icml : Formulation::Activity;
    const std::string eta_init = params.text("eta_init");
    s.spec.eta_init = eta_init == "symmetric" || (eta_init == "auto" && s.spec.formulation == Formulation::Iclr) ? EtaInit::Symmetric
                                                                                                              : EtaInit::Positive;
    s.spec.activation = split_activation_from_string(params.text("split_activation"));
    if (params.text("predictor") == "mlp") {
        s.spec.predictor_layers = static_cast<int>(params.integer("mlp_layers"));
        s.spec.dropout = params.real("dropout");
    }
    s.spec.inputs = static_cast<Eigen::Index>(s.input_columns.size());
    s.spec.loss = s.mode == Mode::Classification ? Loss::CrossEntropy : Loss::SquaredError;
    s.spec.outputs = s.mode == Mode::Classification ? train.classes()
                     : s.mode == Mode::Regression   ? 1
                                                    : static_cast<Eigen::Index>(s.output_columns.size());

    read_training_params(params, s.training);
    s.spec.batch_rows = static_cast<double>(std::max<Eigen::Index>(1, std::min<Eigen::Index>(s.training.batch_size, train.rows())));
    if (s.training.optimizer.kind == "qhadam") {
        s.training.optimizer.beta1 = 0.995;  // qhoptim QHAdam as the reference scripts call it (hierarchical_clustering.py)
        s.training.optimizer.beta2 = 0.998;
    }  // every other kind keeps PyTorch's defaults
    s.training.schedule.factor = 0.1;  // 000 App. A.3: ReduceLROnPlateau(factor 0.1, patience 2)
    s.training.schedule.patience = 2;
    if (s.mode == Mode::Regression && train.rows() > 0) {
        s.target_mean = train.y.mean();
        const double deviation = std::sqrt((train.y.array() - s.target_mean).square().mean());
        s.target_scale = deviation > 0.0 ? deviation : 1.0;
    }
    return s;
}

Eigen::MatrixXd model_inputs(const Settings& settings, const Dataset& data) {
    return data.X(Eigen::all, settings.input_columns);
}

Eigen::MatrixXd model_targets(const Settings& settings, const Dataset& data) {
    if (settings.mode == Mode::SelfSupervised) return data.X(Eigen::all, settings.output_columns);
    if (settings.mode == Mode::Regression) return (data.y.array() - settings.target_mean) / settings.target_scale;
    return data.y;
}

}  // namespace latent
}  // namespace treelab
