#include <array>
#include <deque>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/learners/cart/cart.h"
#include "core/learners/cart/cost_complexity.h"
#include "core/learners/dgt/dgt_learner.h"
#include "core/learners/get/get_learner.h"
#include "core/learners/gradtree/gradtree_learner.h"
#include "core/learners/latent/latent_learner.h"
#include "core/learners/learner.h"

namespace treelab {

namespace {

// Appends the preset row to each learner's parameters that has presets; the extended tables live
// as long as the registry.
template <std::size_t N>
std::array<LearnerInfo, N> with_preset_rows(std::array<LearnerInfo, N> table) {
    static std::deque<std::vector<ParamSpec>> extended;
    for (LearnerInfo& learner : table) {
        if (learner.presets.empty()) continue;
        std::vector<ParamSpec>& specs = extended.emplace_back(learner.params.begin(), learner.params.end());
        specs.push_back(preset_param_spec(learner.presets));
        learner.params = specs;
    }
    return table;
}

}  // namespace

std::span<const LearnerInfo> learners() {
    static const std::array<LearnerInfo, 5> table = with_preset_rows(std::array<LearnerInfo, 5>{
        LearnerInfo{"cart", "CART",
                    "Greedy CART (scikit-learn semantics) with minimal cost-complexity pruning; the baseline.",
                    "Breiman, Friedman, Olshen, Stone: Classification and Regression Trees (1984)",
                    false, cart_hyperparameter_table(), train_cart,
                    PruningPathHook{[](const TreeModel& tree) { return cost_complexity_path(tree).alphas; },
                                    prune_cost_complexity,
                                    [](const TreeModel& tree) {
                                        PruningPath path = cost_complexity_path(tree);
                                        return PruningSequence{std::move(path.alphas), std::move(path.collapsed)};
                                    }},
                    "ccp_alpha", "α", Scaling::None, {"max_depth=3"}, {}, cart_memory_estimate},
        LearnerInfo{"latent", "LatentTrees",
                    "Oblique tree learned by gradient descent with a pruning QP solved by PAV (Zantedeschi et al., ICLR "
                    "submission); linear predictor on [x, leaf traversals]; supervised or self-supervised.",
                    "Zantedeschi, Kusner, Niculae: Learning Binary Trees via Sparse Relaxation (ICLR 2021 submission)",
                    true, latent_hyperparameter_table(), train_latent, std::nullopt,
                    "lambda", "λ", Scaling::QuantileNormal, {"depth=3", "epochs=5"}, {}, latent_memory_estimate},
        LearnerInfo{"gradtree", "GradTree",
                    "Dense axis-aligned tree learned by gradient descent with straight-through hard splits and feature "
                    "choices (entmax), three Adam groups, restarts, and post-hoc pruning of empty branches.",
                    "Marton, Lüdtke, Bartelt, Stuckenschmidt: GradTree: Learning Axis-Aligned Decision Trees with "
                    "Gradient Descent (AAAI 2024)",
                    true, gradtree_hyperparameter_table(), train_gradtree, std::nullopt, "", "",
                    Scaling::QuantileNormal,  // 001 §4.1: quantile transform to a normal distribution
                    {"depth=3", "epochs=5", "restarts=0"},
                    {ParamPreset{"paper", "Paper (faithful)", "001 App. B.2's default setting", {"depth=10", "patience=200", "loss=paper"}}},
                    gradtree_memory_estimate},
        LearnerInfo{"get", "GET",
                    "Oblique tree learned whole by gradient descent on scaled-sigmoid splits with a schedule of growing "
                    "scale factors, hard splits and refitted leaves kept, multi-start from CART and random trees; "
                    "regression as in the paper, classification as TreeLab's extension.",
                    "Mao, Cao: Can a Single Tree Outperform an Entire Forest? (Gradient-based Entire Tree, 2024)",
                    false, get_hyperparameter_table(), train_get, std::nullopt, "", "",
                    Scaling::None,  // the learner scales inputs and target to [0, 1] itself (get/unit_scaling.h)
                    {"depth=2", "schedule=U(5,25):10,U(50,150):10", "starts=2"},
                    {{"paper", "Paper (faithful)", "004 App. D: full batch, N_start = 10, every epoch of both stages; the depth search on every "
                      "training row", {"batch_size=full", "starts=10", "plateau=0", "search_rows=all"}}},
                    get_memory_estimate},
        LearnerInfo{"dgt", "DGT",
                    "Oblique tree learned as a quantised network (Dense Gradient Trees): hard node decisions with "
                    "straight-through gradients, the path AND in sum form, an over-parameterising chain of linear layers "
                    "folded into one split per node; RMSprop, best epoch by validation; leaves from the network or refitted. "
                    "With feedback=bandit it learns online from the loss of its own predictions alone (DGT-Bandit).",
                    "Karthikeyan, Jain, Natarajan, Jain: Learning Accurate Decision Trees with Bandit Feedback via Quantized "
                    "Gradient Descent (DGT)",
                    true, dgt_hyperparameter_table(), train_dgt, std::nullopt, "", "",
                    Scaling::ZScore,  // the code z-scores the inputs (microsoft/DGT src/main.py)
                    {"height=3", "epochs=5"},
                    {{"paper", "Paper (faithful)", "the authors' run.sh (003 App. C.3.1): 200 epochs, momentum 0; double precision, as the reproductions ran",
                      {"epochs=200", "momentum=0", "precision=double"}}},
                    dgt_memory_estimate},
    });
    return table;
}

const std::string& default_method() { return learners().front().name; }

const LearnerInfo& find_learner(const std::string& name) {
    std::string known;
    for (const LearnerInfo& learner : learners()) {
        if (learner.name == name) return learner;
        known += (known.empty() ? "" : ", ") + learner.name;
    }
    throw ParamError("unknown method '" + name + "'; available: " + known);
}

}  // namespace treelab
