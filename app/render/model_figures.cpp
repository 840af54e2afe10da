#include "app/render/model_figures.h"

#include <map>

#include "core/analysis/routing_analysis.h"
#include "core/export/number_text.h"
#include "core/learners/learner.h"
#include "core/run/evaluation.h"

namespace treelab {
namespace {

RoutingAnalysis routing_of(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X, const Dataset* labelled) {
    return labelled && labelled->task == Task::Classification ? analyse_routing(tree, X, labelled->y, labelled->classes())
                                                              : analyse_routing(tree, X);
}

// "dendrogram purity = 0.4215; 6 empty nodes": 000 Fig. 3 titles its trees "DP = …; EN = …" (the
// metric rounded to 4 decimals; empty nodes, reached by no row, over all nodes), spelt out here.
std::string model_subtitle(const TreeModel& tree, const Dataset* labelled, const RoutingAnalysis& routing) {
    std::string text;
    if (labelled) {
        const Scores scores = evaluate(tree, *labelled);
        for (const auto& [key, name] : std::map<std::string, std::string>{{"dendrogram_purity", "dendrogram purity"}, {"r2", "R²"}})
            if (const auto it = scores.find(key); it != scores.end()) text = name + " = " + fixed_text(it->second, 4) + "; ";
        if (text.empty())
            if (const auto it = scores.find("accuracy"); it != scores.end()) text = "accuracy = " + fixed_text(it->second, 4) + "; ";
    }
    return text + std::to_string(routing.empty_nodes) + (routing.empty_nodes == 1 ? " empty node" : " empty nodes");
}

}  // namespace

std::string model_title(const ModelFile& model) {
    const auto& params = model.card.params;
    std::string title = model.card.method.empty() ? "tree" : model.card.method;  // a method this build does not know
    for (const LearnerInfo& learner : learners()) {
        if (learner.name != model.card.method) continue;
        title = learner.label;
        if (learner.pruning_param.empty()) continue;
        if (const auto value = params.find(learner.pruning_param); value != params.end())
            title += " " + learner.pruning_symbol + " = " + value->second;
    }
    return title;
}

TreePicture comparison_panel(const ModelFile& model, const Eigen::Ref<const Eigen::MatrixXd>& X, const Dataset* labelled,
                             const PictureOptions& options) {
    const RoutingAnalysis routing = routing_of(model.tree, X, labelled);
    TreePicture panel = make_tree_picture(model, &routing, options);
    panel.title = model_title(model);
    panel.subtitle = model_subtitle(model.tree, labelled, routing);
    return panel;
}

std::vector<int> classes_with_rows(const Dataset& labelled) {
    std::vector<int> classes;
    for (int c = 0; c < labelled.classes(); ++c)
        if ((labelled.y.array() == c).any()) classes.push_back(c);
    return classes;
}

std::vector<TreePicture> class_path_panels(const ModelFile& model, const Dataset& labelled, const std::vector<int>& classes,
                                           const PictureOptions& options) {
    const RoutingAnalysis routing = routing_of(model.tree, labelled.X, &labelled);
    std::vector<TreePicture> panels;
    for (const int c : classes) {
        TreePicture panel = make_tree_picture(model, &routing, options, c);
        panel.title = labelled.class_names.at(static_cast<std::size_t>(c));
        panel.subtitle = std::to_string((labelled.y.array() == c).count()) + " rows";
        panels.push_back(std::move(panel));
    }
    return panels;
}

std::string run_card_line(const std::string& label, const RunCard& card) {
    if (card.command_line.empty()) return label + ": (no run card)";
    std::string method = card.method;  // the paper's name; the identifier stays in the command alone
    for (const LearnerInfo& learner : learners())
        if (learner.name == card.method) method = learner.label;
    std::string line = label + ": " + method + ", seed " + std::to_string(card.seed);
    if (!card.data_file.empty()) {
        line += ", " + card.data_file;
        if (!card.data_sha256.empty()) line += " (sha256 " + card.data_sha256.substr(0, 12) + ")";
    }
    return line + ": " + card.command_line;
}

Dataset all_rows(const PreparedData& data) { return stack_rows(stack_rows(data.train, data.valid), data.test); }

}  // namespace treelab
