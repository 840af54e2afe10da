#pragma once
// A saved model in the formats it leaves TreeLab in besides its own JSON: C and Python source and
// an ONNX model that predict what `treelab-cli predict` predicts, and a Graphviz drawing. One table maps a
// format's name to its writer and to what the format cannot express, so the CLI's --format, the
// GUI's Save model… file types and the refusals all come from it.
#include <filesystem>
#include <functional>
#include <span>
#include <string>

#include "core/model/model_file.h"

namespace treelab {

struct ExportFormat {
    std::string name;       // "c", as --format takes it
    std::string label;      // "C source (C99)", as a file dialog lists it
    std::string extension;  // ".c"
    std::function<std::string(const ModelFile&)> write;  // the file's bytes
    // What of `model` the format cannot express, in a sentence naming it; empty when it can say it all.
    std::function<std::string(const ModelFile&)> missing;
};

// Every format, in the order menus list them.
std::span<const ExportFormat> export_formats();
// Throws ParamError naming the formats when `name` is none of them.
const ExportFormat& find_export_format(const std::string& name);
// "c, python, dot, onnx": the names, for help texts and messages.
std::string export_format_names();

// The file's bytes; throws Error "<format> cannot express this model: <what is missing>" when the
// format cannot say all the model holds.
std::string export_model_text(const ModelFile& model, const std::string& format);
// The same written atomically to `file` (core/io/atomic_file.h).
void export_model(const ModelFile& model, const std::string& format, const std::filesystem::path& file);

}  // namespace treelab
