#pragma once
// A saved model laid out as the code exports print it (c_source_export.h, python_source_export.h):
// the input pipeline input by input, the tree as parallel node arrays and the routing predictor's
// layers, every number exactly as the model holds it. Both languages print the same layout, so
// they run the same arithmetic as FeaturePipeline::transform and TreeModel::predict.
#include <functional>
#include <string>
#include <vector>

#include "core/model/model_file.h"

namespace treelab {

struct SourceInput {
    std::string name;
    bool categorical = false;
    // Numeric: the imputed value of a missing cell and whether a "<name>=NA" feature follows.
    double impute_value = 0.0;
    bool missing_indicator = false;
    // Categorical: the levels by code (0, 1, …), the code a missing cell takes ("?" when the model
    // fitted missing values as a level of their own, else -1 = none), and for leave-one-out the
    // encoded value of each level and of a missing or unseen cell.
    std::vector<std::string> levels;
    int missing_level = -1;
    bool leave_one_out = false;
    std::vector<double> level_values;
    double unseen_value = 0.0;
    int first_feature = 0;  // the design-matrix column of its first feature
};

struct SourceLayer {
    std::vector<std::vector<double>> weights;  // outputs × inputs of the layer
    std::vector<double> bias;
};

struct SourceModel {
    Task task = Task::Classification;
    std::vector<std::string> class_names;
    std::vector<SourceInput> inputs;
    int features = 0;
    int outputs = 1;  // classes, or 1 for regression
    Scaling scaling = Scaling::None;
    std::vector<double> center, scale;             // z-score, per feature
    std::vector<std::vector<double>> quantiles;    // quantile-normal, per feature
    double clip_min = 0.0, clip_max = 0.0;         // quantile-normal: the extremes of Φ⁻¹ (quantile_normal.h)
    // Nodes: children (-1 for a leaf), an axis feature or -1, the row of `oblique` an oblique split
    // reads or -1, the threshold (0 for a leaf), pruned, the row of `values` and of `linear` (-1:
    // a constant leaf).
    std::vector<int> left, right, feature, oblique_row, pruned, linear_row;
    std::vector<double> threshold;
    std::vector<std::vector<double>> oblique, values, linear;
    bool float32 = false;  // AxisPrecision::Float32
    // Routing predictor (000 §3.3) that predicts the target; without one, the node values do.
    bool predictor = false;
    bool elu_splits = false;
    int internal = 0;  // internal nodes of the complete tree; its leaves are the last internal + 1
    std::vector<double> activity;
    std::vector<SourceLayer> layers;
};

SourceModel source_model(const ModelFile& model);

// "TreeLab CART model": the learner's name as users know it (the run card's method otherwise).
std::string exported_model_title(const ModelFile& model);

// What a code export's header comment says of its inputs, a line each without prefix or end
// ("row[0] name: number", a categorical column's codes), and of its classes (" 0 = 'a', 1 = 'b'"):
// each name passed through `escape` (the language's comment-safe form) and quoted with `quote`.
using CommentEscape = std::function<std::string(const std::string&)>;
std::vector<std::string> documented_inputs(const SourceModel& model, char quote, const CommentEscape& escape);
std::string documented_classes(const SourceModel& model, char quote, const CommentEscape& escape);

// A double as a literal both C and Python read back to the same value ("%.17g"); "inf", "-inf",
// "nan" are left to the caller's language.
std::string exact_double_text(double value);

}  // namespace treelab
