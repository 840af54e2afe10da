#include "core/export/c_source_export.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/export/c_source_runtime.h"
#include "core/export/exportable_columns.h"
#include "core/export/source_model.h"

namespace treelab {
namespace {

// A C string literal: quotes, backslashes, '?' (trigraphs) and every byte outside printable ASCII
// escaped as three octal digits, so UTF-8 names survive any compiler.
std::string c_string(const std::string& text) {
    std::string out = "\"";
    for (const unsigned char c : text) {
        if (c == '"' || c == '\\' || c == '?') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20 || c >= 0x7f) {
            char octal[5];
            std::snprintf(octal, sizeof octal, "\\%03o", c);
            out += octal;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

// A comment's text: no "*/" and printable ASCII only.
std::string comment_text(const std::string& text) {
    std::string out;
    for (const unsigned char c : text) out += (c < 0x20 || c >= 0x7f) ? '?' : static_cast<char>(c);
    for (std::size_t at = out.find("*/"); at != std::string::npos; at = out.find("*/")) out.replace(at, 2, "* /");
    return out;
}

std::string c_double(double value) {
    if (std::isnan(value)) return "NAN";
    if (std::isinf(value)) return value > 0 ? "HUGE_VAL" : "-HUGE_VAL";
    return exact_double_text(value);
}

// `per_line` values a line, each line indented by `indent`; the first on the current line when
// `inline_first`.
template <class T, class Text>
void print_list(std::ostream& out, const std::vector<T>& values, Text&& text, int per_line, bool inline_first = false,
                const char* indent = "\n    ") {
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i % static_cast<std::size_t>(per_line) == 0 && (i > 0 || !inline_first)) out << indent;
        out << text(values[i]) << (i + 1 < values.size() ? ", " : "");
    }
}

void print_doubles(std::ostream& out, const std::string& declaration, const std::vector<double>& values) {
    out << "static const double " << declaration << " = {";
    print_list(out, values, c_double, 4);
    out << "\n};\n";
}

void print_ints(std::ostream& out, const std::string& name, const std::vector<int>& values) {
    out << "static const int " << name << "[TREELAB_NODES] = {";
    print_list(out, values, [](int v) { return std::to_string(v); }, 16);
    out << "\n};\n";
}

void print_matrix(std::ostream& out, const std::string& name, const std::string& columns, const std::vector<std::vector<double>>& rows) {
    out << "static const double " << name << "[" << rows.size() << "][" << columns << "] = {";
    for (const std::vector<double>& row : rows) {
        out << "\n    {";
        print_list(out, row, c_double, 4, true, "\n     ");
        out << "},";
    }
    out << "\n};\n";
}

class CWriter {
public:
    explicit CWriter(const ModelFile& model) : file_(model), m_((require_exportable_columns(model.pipeline, "C"), source_model(model))) {}

    std::string write() {
        header_comment();
        declarations();
        pipeline_tables();
        tree_tables();
        predictor_tables();
        helpers();
        features_function();
        if (m_.predictor) predictor_function();
        else route_function();
        predict_functions();
        out_ << kCScriptCode;
        return out_.str();
    }

private:
    bool classification() const { return m_.task == Task::Classification; }

    void header_comment() {
        const RunCard& card = file_.card;
        out_ << "/* " << comment_text(exported_model_title(file_))
             << (classification() ? " (classification)" : " (regression)") << ", exported by TreeLab"
             << (card.treelab_version.empty() ? "" : " " + comment_text(card.treelab_version)) << ".\n";
        if (!card.data_file.empty()) out_ << " * Trained on " << comment_text(card.data_file) << " to predict " << comment_text(file_.target.column) << ".\n";
        out_ << " * Self-contained C99 (libc and libm): cc -std=c99 -O2 -c model.c\n"
                " *\n"
                " * API: row[k] is input k as the CSV gives it, in the order below: a number (NAN when missing)\n"
                " * or, for a categorical column, its level code (-1 when missing, -2 for a level the model never saw).\n";
        if (classification())
            out_ << " *   int treelab_predict(const double *row);                   the class index (treelab_class_names)\n"
                    " *   void treelab_predict_proba(const double *row, double *p); TREELAB_CLASSES probabilities\n";
        else
            out_ << " *   double treelab_predict(const double *row);                the predicted value\n";
        out_ << " * Script mode: cc -std=c99 -O2 -DTREELAB_MAIN model.c -lm -o model && ./model < rows.csv\n"
                " * reads CSV rows with a header on stdin, finds the inputs by their names (other columns are\n"
                " * ignored) and prints one prediction per line as `treelab-cli predict` writes its prediction\n"
                " * column; ./model --proba prints the class probabilities (or the value) in full precision.\n"
                " *\n"
                " * Inputs:\n";
        for (const std::string& line : documented_inputs(m_, '"', comment_text)) out_ << " *   " << line << '\n';
        if (classification()) out_ << " * Classes:" << documented_classes(m_, '"', comment_text) << '\n';
        out_ << " */\n#include <math.h>\n\n";
    }

    void declarations() {
        out_ << "#define TREELAB_INPUTS " << m_.inputs.size() << "\n#define TREELAB_FEATURES " << m_.features
             << "\n#define TREELAB_NODES " << m_.left.size() << "\n#define TREELAB_OUTPUTS " << m_.outputs
             << "\n#define TREELAB_CLASSIFICATION " << (classification() ? 1 : 0) << '\n';
        if (classification()) out_ << "#define TREELAB_CLASSES " << m_.class_names.size() << '\n';
        out_ << "\nconst char *const treelab_input_names[TREELAB_INPUTS] = {";
        print_list(out_, m_.inputs, [](const SourceInput& input) { return c_string(input.name); }, 6);
        out_ << "\n};\n";
        for (std::size_t k = 0; k < m_.inputs.size(); ++k) {
            if (!m_.inputs[k].categorical) continue;
            out_ << "static const char *const treelab_levels_" << k << "[" << m_.inputs[k].levels.size() << "] = {";
            print_list(out_, m_.inputs[k].levels, c_string, 8);
            out_ << "\n};\n";
        }
        out_ << "/* Levels of each categorical input by code (a null pointer for a numeric input). */\n"
                "const int treelab_input_level_count[TREELAB_INPUTS] = {";
        print_list(out_, m_.inputs, [](const SourceInput& input) { return std::to_string(input.categorical ? input.levels.size() : 0); }, 16);
        out_ << "\n};\nconst char *const *const treelab_input_levels[TREELAB_INPUTS] = {";
        std::vector<std::string> level_arrays;
        for (std::size_t k = 0; k < m_.inputs.size(); ++k)
            level_arrays.push_back(m_.inputs[k].categorical ? "treelab_levels_" + std::to_string(k) : "0");
        print_list(out_, level_arrays, [](const std::string& s) { return s; }, 8);
        out_ << "\n};\n";
        if (classification()) {
            out_ << "const char *const treelab_class_names[TREELAB_CLASSES] = {";
            print_list(out_, m_.class_names, c_string, 8);
            out_ << "\n};\n\nint treelab_predict(const double *row);\nvoid treelab_predict_proba(const double *row, double *proba);\n";
        } else {
            out_ << "\ndouble treelab_predict(const double *row);\n";
        }
        out_ << '\n';
    }

    void pipeline_tables() {
        for (std::size_t k = 0; k < m_.inputs.size(); ++k)
            if (m_.inputs[k].leave_one_out)
                print_doubles(out_, "treelab_encoding_" + std::to_string(k) + "[" + std::to_string(m_.inputs[k].level_values.size()) + "]",
                              m_.inputs[k].level_values);
        if (m_.scaling == Scaling::ZScore) {
            print_doubles(out_, "treelab_center[TREELAB_FEATURES]", m_.center);
            print_doubles(out_, "treelab_scale[TREELAB_FEATURES]", m_.scale);
        } else if (m_.scaling == Scaling::QuantileNormal) {
            out_ << "#define TREELAB_CLIP_MIN " << c_double(m_.clip_min) << "\n#define TREELAB_CLIP_MAX " << c_double(m_.clip_max) << '\n';
            for (std::size_t j = 0; j < m_.quantiles.size(); ++j)
                print_doubles(out_, "treelab_quantiles_" + std::to_string(j) + "[" + std::to_string(m_.quantiles[j].size()) + "]",
                              m_.quantiles[j]);
        }
    }

    void tree_tables() {
        out_ << "\n/* The tree: node t splits into treelab_left[t] (x <= threshold) and treelab_right[t] (-1: a leaf). */\n";
        if (m_.predictor) {  // every row reaches every leaf, softly: no hard routing
            print_doubles(out_, "treelab_threshold[TREELAB_NODES]", m_.threshold);
            print_matrix(out_, "treelab_oblique", "TREELAB_FEATURES", m_.oblique);
            return;
        }
        print_ints(out_, "treelab_left", m_.left);
        print_ints(out_, "treelab_right", m_.right);
        print_ints(out_, "treelab_pruned", m_.pruned);
        print_ints(out_, "treelab_feature", m_.feature);
        print_doubles(out_, "treelab_threshold[TREELAB_NODES]", m_.threshold);
        if (!m_.oblique.empty()) {
            print_ints(out_, "treelab_oblique_row", m_.oblique_row);
            print_matrix(out_, "treelab_oblique", "TREELAB_FEATURES", m_.oblique);
        }
        print_matrix(out_, "treelab_values", "TREELAB_OUTPUTS", m_.values);
        if (!m_.linear.empty()) {
            print_ints(out_, "treelab_linear_row", m_.linear_row);
            print_matrix(out_, "treelab_linear", "TREELAB_FEATURES", m_.linear);
        }
    }

    void predictor_tables() {
        if (!m_.predictor) return;
        out_ << "\n/* The routing predictor (LatentTrees): node activities, then dense layers reading [x, z of the leaves]. */\n";
        print_doubles(out_, "treelab_activity[TREELAB_NODES]", m_.activity);
        for (std::size_t l = 0; l < m_.layers.size(); ++l) {
            print_matrix(out_, "treelab_layer_weights_" + std::to_string(l), std::to_string(m_.layers[l].weights.front().size()),
                         m_.layers[l].weights);
            print_doubles(out_, "treelab_layer_bias_" + std::to_string(l) + "[" + std::to_string(m_.layers[l].bias.size()) + "]",
                          m_.layers[l].bias);
        }
    }

    bool has_categorical() const {
        for (const SourceInput& input : m_.inputs)
            if (input.categorical) return true;
        return false;
    }

    void helpers() {
        out_ << '\n';
        if (has_categorical())
            out_ << "/* The level of a code: missing (-1, NAN) is `missing_level`, -1 none; outside 0..levels-1 none. */\n"
                    "static int treelab_level(double code, int levels, int missing_level) {\n"
                    "    if (code != code || code == -1.0) return missing_level;\n"
                    "    if (code >= 0.0 && code < (double)levels && code == floor(code)) return (int)code;\n"
                    "    return -1;\n}\n\n";
        if (!m_.oblique.empty() || !m_.linear.empty() || m_.predictor)
            out_ << "static double treelab_dot(const double *w, const double *x, int n) {\n"
                    "    double sum = 0.0;\n    int j;\n    for (j = 0; j < n; ++j) sum += w[j] * x[j];\n    return sum;\n}\n\n";
        if (m_.float32 && !m_.predictor)
            out_ << "/* x rounded to float32 (ties to even; +-inf beyond its range), as CART's scikit-learn trees compare. */\n"
                    "static double treelab_float32(double x) {\n"
                    "    if (x >= 0x1.ffffffp127) return HUGE_VAL;\n    if (x <= -0x1.ffffffp127) return -HUGE_VAL;\n"
                    "    return (double)(float)x;\n}\n";
        if (m_.scaling == Scaling::QuantileNormal) out_ << kCQuantileNormalCode;
    }

    void features_function() {
        bool numeric = false, categorical = false;
        for (const SourceInput& input : m_.inputs) (input.categorical ? categorical : numeric) = true;
        out_ << "\n/* The model's input pipeline: imputation, missing indicators, encodings, scaling. */\n"
                "static void treelab_features(const double *row, double *x) {\n";
        if (numeric) out_ << "    double v;\n";
        if (categorical) out_ << "    int level;\n";
        if (m_.scaling == Scaling::ZScore) out_ << "    int j;\n";
        for (std::size_t k = 0; k < m_.inputs.size(); ++k) {
            const SourceInput& input = m_.inputs[k];
            const int f = input.first_feature;
            if (!input.categorical) {
                out_ << "    v = row[" << k << "];\n    x[" << f << "] = v != v ? " << c_double(input.impute_value) << " : v;\n";
                if (input.missing_indicator) out_ << "    x[" << f + 1 << "] = v != v ? 1.0 : 0.0;\n";
                continue;
            }
            out_ << "    level = treelab_level(row[" << k << "], " << input.levels.size() << ", " << input.missing_level << ");\n";
            if (input.leave_one_out) {
                out_ << "    x[" << f << "] = level < 0 ? " << c_double(input.unseen_value) << " : treelab_encoding_" << k << "[level];\n";
            } else {
                for (std::size_t level = 0; level < input.levels.size(); ++level)
                    out_ << "    x[" << f + static_cast<int>(level) << "] = level == " << level << " ? 1.0 : 0.0;\n";
            }
        }
        if (m_.scaling == Scaling::ZScore)
            out_ << "    for (j = 0; j < TREELAB_FEATURES; ++j) x[j] = (x[j] - treelab_center[j]) / treelab_scale[j];\n";
        if (m_.scaling == Scaling::QuantileNormal) {
            for (std::size_t j = 0; j < m_.quantiles.size(); ++j)
                out_ << "    x[" << j << "] = treelab_quantile_normal(x[" << j << "], treelab_quantiles_" << j << ", " << m_.quantiles[j].size()
                     << ");\n";
        }
        out_ << "}\n";
    }

    void route_function() {
        out_ << "\n/* The node a row stops at: a leaf, or a node whose chosen child is pruned. */\n"
                "static int treelab_route(const double *x) {\n    int node = 0, child;\n    double v;\n"
                "    while (treelab_left[node] >= 0) {\n";
        const std::string axis = m_.float32 ? "treelab_float32(x[treelab_feature[node]])" : "x[treelab_feature[node]]";
        if (m_.oblique.empty()) out_ << "        v = " << axis << ";\n";
        else
            out_ << "        v = treelab_oblique_row[node] >= 0 ? treelab_dot(treelab_oblique[treelab_oblique_row[node]], x, TREELAB_FEATURES)\n"
                    "                                           : " << axis << ";\n";
        out_ << "        child = v <= treelab_threshold[node] ? treelab_left[node] : treelab_right[node];\n"
                "        if (treelab_pruned[child]) break;\n        node = child;\n    }\n    return node;\n}\n";
    }

    void predictor_function() {
        const int leaves = m_.internal + 1;
        out_ << "\n/* 000 §3: s = w.x + b per split (ELU keeps its sign), q along each path (q_left = min(q, -s),\n"
                " * q_right = min(q, s)), z = min(clip(q, 0, 1), activity); the dense layers read [x, z of the leaves]\n"
                " * with ELU between them. */\n"
                "static void treelab_outputs(const double *x, double *out) {\n"
                "    double s[" << m_.internal << "], q[TREELAB_NODES], z, h0[TREELAB_FEATURES + " << leaves << "];\n";
        for (std::size_t l = 0; l + 1 < m_.layers.size(); ++l)
            out_ << "    double h" << l + 1 << "[" << m_.layers[l].bias.size() << "];\n";
        out_ << "    int t, o;\n"
                "    for (t = 0; t < " << m_.internal << "; ++t) {\n"
                "        s[t] = treelab_dot(treelab_oblique[t], x, TREELAB_FEATURES) - treelab_threshold[t];\n";
        if (m_.elu_splits) out_ << "        if (!(s[t] > 0.0)) s[t] = expm1(s[t]);\n";
        out_ << "    }\n    q[0] = 1.0;\n"
                "    for (t = 0; t < " << m_.internal << "; ++t) {\n"
                "        q[2 * t + 1] = q[t] <= -s[t] ? q[t] : -s[t];\n"
                "        q[2 * t + 2] = q[t] <= s[t] ? q[t] : s[t];\n    }\n"
                "    for (t = 0; t < TREELAB_FEATURES; ++t) h0[t] = x[t];\n"
                "    for (t = 0; t < " << leaves << "; ++t) {\n"
                "        z = q[" << m_.internal << " + t];\n"
                "        z = z > 0.0 ? z : 0.0;\n        z = z < 1.0 ? z : 1.0;\n"
                "        h0[TREELAB_FEATURES + t] = z < treelab_activity[" << m_.internal << " + t] ? z : treelab_activity[" << m_.internal << " + t];\n"
                "    }\n";
        for (std::size_t l = 0; l < m_.layers.size(); ++l) {
            const bool last = l + 1 == m_.layers.size();
            const std::string in = "h" + std::to_string(l), target = last ? "out" : "h" + std::to_string(l + 1);
            out_ << "    for (o = 0; o < " << m_.layers[l].bias.size() << "; ++o) {\n"
                 << "        " << target << "[o] = treelab_dot(treelab_layer_weights_" << l << "[o], " << in << ", "
                 << m_.layers[l].weights.front().size() << ") + treelab_layer_bias_" << l << "[o];\n";
            if (!last) out_ << "        if (!(" << target << "[o] > 0.0)) " << target << "[o] = expm1(" << target << "[o]);\n";
            out_ << "    }\n";
        }
        out_ << "}\n";
    }

    void predict_functions() {
        if (classification()) {
            out_ << "\nvoid treelab_predict_proba(const double *row, double *proba) {\n    double x[TREELAB_FEATURES];\n    int k;\n";
            if (m_.predictor)
                out_ << "    double top, total = 0.0;\n    treelab_features(row, x);\n    treelab_outputs(x, proba);\n"
                        "    top = proba[0];\n    for (k = 1; k < TREELAB_CLASSES; ++k) top = proba[k] > top ? proba[k] : top;\n"
                        "    for (k = 0; k < TREELAB_CLASSES; ++k) {\n        proba[k] = exp(proba[k] - top);\n        total += proba[k];\n    }\n"
                        "    for (k = 0; k < TREELAB_CLASSES; ++k) proba[k] /= total;\n}\n";
            else
                out_ << "    int node;\n    treelab_features(row, x);\n    node = treelab_route(x);\n"
                        "    for (k = 0; k < TREELAB_CLASSES; ++k) proba[k] = treelab_values[node][k];\n}\n";
            out_ << "\n/* The most probable class, the lowest index on ties. */\n"
                    "int treelab_predict(const double *row) {\n    double proba[TREELAB_CLASSES];\n    int k, best = 0;\n"
                    "    treelab_predict_proba(row, proba);\n"
                    "    for (k = 1; k < TREELAB_CLASSES; ++k)\n        if (proba[k] > proba[best]) best = k;\n    return best;\n}\n";
            return;
        }
        out_ << "\ndouble treelab_predict(const double *row) {\n    double x[TREELAB_FEATURES];\n";
        if (m_.predictor) {
            out_ << "    double out[1];\n    treelab_features(row, x);\n    treelab_outputs(x, out);\n    return out[0];\n}\n";
            return;
        }
        out_ << "    int node;\n    treelab_features(row, x);\n    node = treelab_route(x);\n";
        if (m_.linear.empty()) out_ << "    return treelab_values[node][0];\n}\n";
        else
            out_ << "    return treelab_linear_row[node] < 0 ? treelab_values[node][0]\n"
                    "                                        : treelab_values[node][0] + treelab_dot(treelab_linear[treelab_linear_row[node]], x, TREELAB_FEATURES);\n}\n";
    }

    const ModelFile& file_;
    SourceModel m_;
    std::ostringstream out_;
};

}  // namespace

std::string c_source_export(const ModelFile& model) { return CWriter(model).write(); }

}  // namespace treelab
