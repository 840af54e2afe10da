#include "core/export/model_export.h"

#include "core/error.h"
#include "core/export/c_source_export.h"
#include "core/export/dot_export.h"
#include "core/export/onnx/onnx_model.h"
#include "core/export/python_source_export.h"
#include "core/io/atomic_file.h"

namespace treelab {
namespace {

// The code exports and ONNX carry every part of every learner's model (pipeline, axis and oblique
// splits, pruning, linear leaves, routing predictor), and the drawing draws every node, so none of
// these refuses a model the loader accepts.
std::string nothing_missing(const ModelFile&) { return {}; }

}  // namespace

std::span<const ExportFormat> export_formats() {
    static const std::vector<ExportFormat> formats = {
        {"c", "C source (C99)", ".c", c_source_export, nothing_missing},
        {"python", "Python source", ".py", python_source_export, nothing_missing},
        {"dot", "Graphviz DOT", ".dot", dot_export, nothing_missing},
        {"onnx", "ONNX model", ".onnx", onnx_model_bytes, nothing_missing},
    };
    return formats;
}

const ExportFormat& find_export_format(const std::string& name) {
    for (const ExportFormat& format : export_formats())
        if (format.name == name) return format;
    throw ParamError("unknown export format '" + name + "'; use one of " + export_format_names());
}

std::string export_format_names() {
    std::string names;
    for (const ExportFormat& format : export_formats()) names += (names.empty() ? "" : ", ") + format.name;
    return names;
}

std::string export_model_text(const ModelFile& model, const std::string& format_name) {
    const ExportFormat& format = find_export_format(format_name);
    if (const std::string missing = format.missing(model); !missing.empty())
        throw Error(format.label + " cannot express this model: " + missing);
    return format.write(model);
}

void export_model(const ModelFile& model, const std::string& format, const std::filesystem::path& file) {
    write_file_atomically(file, export_model_text(model, format));
}

}  // namespace treelab
