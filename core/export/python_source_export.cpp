#include "core/export/python_source_export.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/export/python_source_runtime.h"
#include "core/export/exportable_columns.h"
#include "core/export/source_model.h"

namespace treelab {
namespace {

// A Python string literal, UTF-8 kept, quotes, backslashes and control characters escaped.
std::string py_string(const std::string& text) {
    std::string out = "\"";
    for (const unsigned char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7f) {
            char hex[5];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            out += hex;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::string py_double(double value) {
    if (std::isnan(value)) return "NAN";
    if (std::isinf(value)) return value > 0 ? "INF" : "-INF";
    std::string text = exact_double_text(value);
    if (text.find_first_of(".e") == std::string::npos) text += ".0";  // a float, not an int
    return text;
}

// A docstring line: no triple quotes, no backslashes.
std::string doc_text(const std::string& text) {
    std::string out;
    for (const char c : text) out += (c == '"' || c == '\\') ? '\'' : c;
    return out;
}

template <class T, class Text>
std::string py_list(const std::vector<T>& values, Text&& text) {
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + text(values[i]);
    return out + "]";
}

std::string doubles(const std::vector<double>& values) { return py_list(values, py_double); }
std::string ints(const std::vector<int>& values) {
    return py_list(values, [](int v) { return std::to_string(v); });
}
std::string rows(const std::vector<std::vector<double>>& values) {
    std::string out = "[";
    for (const std::vector<double>& row : values) out += "\n    " + doubles(row) + ",";
    return out + "\n]";
}

std::string input_tuple(const SourceInput& input) {
    if (!input.categorical)
        return "(" + py_string(input.name) + ", None, " + py_double(input.impute_value) + ", " +
               (input.missing_indicator ? "True" : "False") + ", -1, None, 0.0)";
    return "(" + py_string(input.name) + ", " + py_list(input.levels, py_string) + ", 0.0, False, " +
           std::to_string(input.missing_level) + ", " + (input.leave_one_out ? doubles(input.level_values) : "None") + ", " +
           py_double(input.unseen_value) + ")";
}

void docstring(std::ostream& out, const ModelFile& model, const SourceModel& m) {
    const RunCard& card = model.card;
    const bool classification = m.task == Task::Classification;
    out << "\"\"\"" << doc_text(exported_model_title(model))
        << (classification ? " (classification)" : " (regression)") << ", exported by TreeLab"
        << (card.treelab_version.empty() ? "" : " " + doc_text(card.treelab_version)) << ".\n";
    if (!card.data_file.empty()) out << "Trained on " << doc_text(card.data_file) << " to predict " << doc_text(model.target.column) << ".\n";
    out << "Plain Python 3, standard library only.\n\n"
           "API: row[k] is input k as the CSV gives it, in the order below: a number (float('nan') when\n"
           "missing) or, for a categorical column, its level's text or code (-1 when missing, -2 for a level\n"
           "the model never saw).\n";
    if (classification)
        out << "    predict(row)        the class name\n    predict_proba(row)  the probabilities of CLASS_NAMES\n";
    else
        out << "    predict(row)        the predicted value\n";
    out << "Script mode: python3 model.py < rows.csv reads CSV rows with a header on stdin, finds the\n"
           "inputs by their names (other columns are ignored) and prints one prediction per line as\n"
           "`treelab-cli predict` writes its prediction column; --proba prints the class probabilities\n"
           "(or the value) in full precision.\n\nInputs:\n";
    for (const std::string& line : documented_inputs(m, '\'', doc_text)) out << "    " << line << '\n';
    if (classification) out << "Classes:" << documented_classes(m, '\'', doc_text) << '\n';
    out << "\"\"\"\n";
}

}  // namespace

std::string python_source_export(const ModelFile& model) {
    require_exportable_columns(model.pipeline, "Python");
    const SourceModel m = source_model(model);
    std::ostringstream out;
    docstring(out, model, m);
    out << "import bisect\nimport csv\nimport itertools\nimport math\nimport struct\nimport sys\n\n"
           "INF = float(\"inf\")\nNAN = float(\"nan\")\n\n"
           "# (name, levels or None for a number, imputed value, missing indicator, the level a missing value\n"
           "# takes or -1, leave-one-out value per level or None for one-hot, leave-one-out value of a missing\n"
           "# or unseen level)\nINPUTS = [";
    for (const SourceInput& input : m.inputs) out << "\n    " << input_tuple(input) << ",";
    out << "\n]\nCLASS_NAMES = " << (m.task == Task::Classification ? py_list(m.class_names, py_string) : "None") << '\n';
    out << "SCALING = \"" << (m.scaling == Scaling::ZScore ? "zscore" : m.scaling == Scaling::QuantileNormal ? "quantile" : "none") << "\"\n";
    out << "CENTER = " << doubles(m.center) << "\nSCALE = " << doubles(m.scale) << "\nQUANTILES = " << rows(m.quantiles)
        << "\nCLIP_MIN = " << py_double(m.clip_min) << "\nCLIP_MAX = " << py_double(m.clip_max) << "\n\n";
    out << "# The tree: node t splits into LEFT[t] (x <= threshold) and RIGHT[t] (-1: a leaf).\n"
        << "LEFT = " << ints(m.left) << "\nRIGHT = " << ints(m.right) << "\nPRUNED = " << ints(m.pruned)
        << "\nFEATURE = " << ints(m.feature) << "\nTHRESHOLD = " << doubles(m.threshold) << "\nOBLIQUE_ROW = " << ints(m.oblique_row)
        << "\nOBLIQUE = " << rows(m.oblique) << "\nVALUES = " << rows(m.values) << "\nLINEAR_ROW = " << ints(m.linear_row)
        << "\nLINEAR = " << rows(m.linear) << "\nFLOAT32 = " << (m.float32 ? "True" : "False") << "\n\n";
    out << "# The routing predictor (LatentTrees): node activities, then dense layers (weights, bias).\n"
        << "PREDICTOR = " << (m.predictor ? "True" : "False") << "\nPREDICTOR_ELU = " << (m.elu_splits ? "True" : "False")
        << "\nPREDICTOR_INTERNAL = " << m.internal << "\nACTIVITY = " << doubles(m.activity) << "\nLAYERS = [";
    for (const SourceLayer& layer : m.layers) out << "\n    (" << rows(layer.weights) << ",\n     " << doubles(layer.bias) << "),";
    out << "\n]\n" << kPythonRuntimeCode;
    return out.str();
}

}  // namespace treelab
