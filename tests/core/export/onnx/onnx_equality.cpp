// onnx_equality.h.
#include "tests/core/export/onnx/onnx_equality.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "core/error.h"
#include "core/export/onnx/onnx_inputs.h"
#include "core/export/onnx/onnx_model.h"

namespace treelab::test {
namespace {

void write_text(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
    if (!out) throw Error("cannot write " + file.string());
}

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// The standard output of a shell command, and its exit status.
std::pair<std::string, int> run(const std::string& command) {
    std::string output;
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (!pipe) return {"cannot start: " + command, -1};
    char buffer[4096];
    while (const std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    return {output, pclose(pipe)};
}

const Column& column_named(const Table& table, const std::string& name) {
    for (const Column& column : table.columns)
        if (column.name == name) return column;
    throw Error("the table has no column '" + name + "'");
}

nlohmann::json onnx_inputs_json(const FeaturePipeline& pipeline, const Table& table) {
    nlohmann::json inputs = nlohmann::json::object();
    const auto rows = static_cast<long>(table.rows);
    for (const OnnxInput& input : onnx_inputs(pipeline)) {
        nlohmann::json data = nlohmann::json::array();
        for (std::size_t row = 0; row < table.rows; ++row) {
            for (const std::string& name : input.columns) {
                const Column& column = column_named(table, name);
                if (input.text)
                    data.push_back(cell_text(column, row));
                else
                    data.push_back(static_cast<double>(static_cast<float>(column.numbers[row])));  // NaN is written as null
            }
        }
        inputs[input.name] = {{"type", input.text ? "string" : "float32"},
                              {"dims", {rows, static_cast<long>(input.columns.size())}},
                              {"data", data}};
    }
    return inputs;
}

}  // namespace

OnnxRuntime find_onnx_runtime() {
    OnnxRuntime runtime;
    const char* from_environment = std::getenv("TREELAB_ONNXRUNTIME_WEB");
    runtime.package_dir = from_environment ? from_environment : TREELAB_ONNXRUNTIME_WEB;
    if (run("node --version").second != 0) {
        runtime.unavailable = "node is not installed, so no ONNX runtime can run the exported models";
    } else if (!std::filesystem::exists(std::filesystem::path(runtime.package_dir) / "package.json")) {
        runtime.unavailable = "onnxruntime-web is not installed in " + runtime.package_dir +
                              " (.ci/install-deps --ci installs it; or set TREELAB_ONNXRUNTIME_WEB)";
    }
    return runtime;
}

std::vector<std::pair<std::string, std::string>> write_onnx_cases(const std::filesystem::path& dir, const std::vector<OnnxCase>& cases) {
    std::filesystem::create_directories(dir);
    std::vector<std::pair<std::string, std::string>> refused;
    for (const OnnxCase& onnx_case : cases) {
        try {
            write_text(dir / (onnx_case.name + ".onnx"), onnx_model_bytes(*onnx_case.model));
        } catch (const Error& error) {
            refused.emplace_back(onnx_case.name, error.what());
            continue;
        }
        write_text(dir / (onnx_case.name + ".inputs.json"), onnx_inputs_json(onnx_case.model->pipeline, *onnx_case.table).dump());
    }
    return refused;
}

nlohmann::json run_onnx_cases(const std::filesystem::path& dir, const std::vector<OnnxCase>& cases, const OnnxRuntime& runtime) {
    nlohmann::json manifest = {{"runtime", runtime.package_dir}, {"models", nlohmann::json::array()}};
    for (const OnnxCase& onnx_case : cases) {
        if (!std::filesystem::exists(dir / (onnx_case.name + ".onnx"))) continue;
        manifest["models"].push_back({{"name", onnx_case.name},
                                      {"model", (dir / (onnx_case.name + ".onnx")).string()},
                                      {"inputs", (dir / (onnx_case.name + ".inputs.json")).string()}});
    }
    write_text(dir / "manifest.json", manifest.dump());
    const auto [output, status] =
        run("node " + quoted(TREELAB_ONNX_RUNNER) + " " + quoted((dir / "manifest.json").string()) + " " + quoted((dir / "outputs.json").string()));
    if (status != 0) throw Error("the ONNX runner failed: " + output);
    std::ifstream in(dir / "outputs.json");
    return nlohmann::json::parse(in);
}

std::string check_onnx_files(const std::filesystem::path& dir, const std::vector<OnnxCase>& cases) {
    // Debian's python3, where python3-onnx installs the module (a python3 first on PATH may lack it).
    std::string command = "/usr/bin/python3 -c 'import sys, onnx\n"
                          "for f in sys.argv[1:]:\n"
                          "    try: onnx.checker.check_model(onnx.load(f), full_check=True)\n"
                          "    except Exception as e: print(f, e)\n'";
    for (const OnnxCase& onnx_case : cases) {
        const std::filesystem::path file = dir / (onnx_case.name + ".onnx");
        if (std::filesystem::exists(file)) command += " " + quoted(file.string());
    }
    const auto [output, status] = run(command);
    if (status != 0) return "/usr/bin/python3 -c onnx.checker failed: " + output;
    return output;
}

OnnxAgreement compare_with_treelab(const nlohmann::json& outputs, const OnnxCase& onnx_case) {
    OnnxAgreement agreement;
    const TreeModel& tree = onnx_case.model->tree;
    if (!outputs.contains(onnx_case.name)) {
        agreement.error = "no output";
        return agreement;
    }
    const nlohmann::json& result = outputs.at(onnx_case.name);
    if (result.contains("error")) {
        agreement.error = result.at("error").get<std::string>();
        return agreement;
    }
    const Eigen::MatrixXd X = onnx_case.model->pipeline.transform(*onnx_case.table);
    agreement.rows = static_cast<long>(X.rows());
    if (tree.task == Task::Classification) {
        const Eigen::MatrixXd proba = tree.predict_proba(X);
        const Eigen::VectorXd classes = most_probable_class(proba);
        const auto& labels = result.at("label");
        const auto& probabilities = result.at("probabilities");
        for (Eigen::Index i = 0; i < X.rows(); ++i) {
            if (labels.at(static_cast<std::size_t>(i)).get<std::string>() == tree.class_names[static_cast<std::size_t>(classes(i))])
                ++agreement.equal;
            for (Eigen::Index c = 0; c < proba.cols(); ++c) {
                const double onnx = probabilities.at(static_cast<std::size_t>(i * proba.cols() + c)).get<double>();
                agreement.largest_difference = std::max(agreement.largest_difference, std::abs(onnx - proba(i, c)));
            }
        }
    } else {
        const Eigen::VectorXd values = tree.predict(X);
        const auto& onnx = result.at("variable");
        for (Eigen::Index i = 0; i < X.rows(); ++i) {
            const double difference = std::abs(onnx.at(static_cast<std::size_t>(i)).get<double>() - values(i));
            if (difference <= kValueTolerance * std::max(1.0, std::abs(values(i)))) ++agreement.equal;
            agreement.largest_difference = std::max(agreement.largest_difference, difference);
        }
    }
    return agreement;
}

}  // namespace treelab::test
