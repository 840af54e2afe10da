// onnx_equality OUT_DIR MODEL.json DATA.csv [MODEL.json DATA.csv ...]
// Exports each saved model to ONNX, checks every file with onnx.checker (one python process),
// runs them all with onnxruntime-web (one node process) on every row of their CSV, and prints one
// Markdown table row per model: learner, format, data set, rows compared, rows equal, largest
// difference in probabilities or values. Driven by tests/bench/onnx_equality.py.
#include <cstdio>
#include <deque>
#include <iostream>

#include "core/data/csv_reader.h"
#include "core/error.h"
#include "core/export/number_text.h"  // significant_text
#include "tests/core/export/onnx/onnx_equality.h"

int main(int argc, char** argv) {
    using namespace treelab;
    if (argc < 4 || argc % 2 != 0) {
        std::cerr << "usage: onnx_equality OUT_DIR MODEL.json DATA.csv [MODEL.json DATA.csv ...]\n";
        return 2;
    }
    try {
        const std::filesystem::path dir = argv[1];
        std::deque<ModelFile> models;
        std::deque<Table> tables;
        std::vector<test::OnnxCase> cases;
        for (int k = 2; k + 1 < argc; k += 2) {
            models.push_back(load_model(argv[k]));
            tables.push_back(read_csv(argv[k + 1]));
            cases.push_back({std::filesystem::path(argv[k]).stem().string(), &models.back(), &tables.back()});
        }
        for (const auto& [name, message] : test::write_onnx_cases(dir, cases)) std::cerr << name << ": refused: " << message << '\n';
        const std::string checked = test::check_onnx_files(dir, cases);
        std::cerr << (checked.empty() ? "onnx.checker accepts every file\n" : checked);
        const test::OnnxRuntime runtime = test::find_onnx_runtime();
        if (!runtime.unavailable.empty()) throw Error(runtime.unavailable);
        const nlohmann::json outputs = test::run_onnx_cases(dir, cases, runtime);
        for (std::size_t k = 0; k < cases.size(); ++k) {
            const test::OnnxAgreement agreement = test::compare_with_treelab(outputs, cases[k]);
            const std::string set = std::filesystem::path(argv[3 + 2 * k]).filename().string();
            std::cout << "| " << models[k].card.method << " | onnx | " << set << " | ";
            if (!agreement.error.empty())
                std::cout << "— | — | " << agreement.error << " |\n";
            else
                std::cout << agreement.rows << " | " << agreement.equal << " | " << significant_text(agreement.largest_difference, 3) << " |\n";
        }
        return 0;
    } catch (const std::exception& error) {
        std::cerr << "onnx_equality: " << error.what() << '\n';
        return 1;
    }
}
