#pragma once
// Project files (.treelab): everything a workbench session holds, so that closing TreeLab on
// Friday and opening the project on Monday shows the same screen. One gzip-compressed JSON
// document ("format": "treelab-project", a format version), read back plain or compressed. It
// holds the data file's path (absolute, and relative to the project file) and SHA-256, the data
// and method panels' run, each method's form, every run of the results list (its configuration,
// or for a refit the comparison it came from, model, scores, history, starts and recorded trees),
// every sweep and every comparison. What can be recomputed from the data (prepared rows, test
// predictions, pruning curves) is not stored: it is rebuilt when the data file is found unchanged. A file with a newer format version is
// refused with a message saying so; a hostile file (sizes over the limits, bad trees) is refused
// as a model file is.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/compare/comparison.h"
#include "core/params/param_spec.h"
#include "core/run/run_config.h"
#include "core/run/sweep.h"
#include "core/run/training_run.h"

namespace treelab {

inline constexpr int kProjectFormatVersion = 1;  // the newest this build reads and writes

// One row of the results list. The outcome's `data`, `test_predictions`, `test_probabilities`
// and `pruning_curve` are empty after loading (rebuilt from the data file, training_run.h).
struct ProjectRun {
    std::string name;                 // the results list's title of the run
    std::optional<RunConfig> config;  // how it was trained; empty for a model opened from a file and for a refit
    RunOutcome outcome;
    // A method refitted on all rows after a comparison: what prepares its rows again (its rows are
    // not the split a run configuration describes).
    std::optional<RefitSource> refit = std::nullopt;
};

struct Project {
    // The data and method panels' run: data file, format options, target, preparation, split,
    // seed, the chosen method and its parameters. Empty data_file = no data loaded.
    RunConfig form;
    std::string data_sha256;  // of form.data_file's bytes when the project was saved; "" = no data
    // Each method's form as the user last set it (method name → complete parameters).
    std::map<std::string, ParamValues> method_forms;
    std::vector<ProjectRun> runs;  // in the results list's order
    int selected_run = -1;         // the run shown; -1 = none
    // Sweeps and comparisons, oldest first (the workbench shows the last of each). Their rows'
    // `data` is empty after loading, as a run's.
    std::vector<SweepResult> sweeps;
    std::vector<ComparisonResult> comparisons;
};

// What the loader accepts from an untrusted file; tests lower these to exercise the checks.
struct ProjectLimits {
    std::uintmax_t max_file_bytes = std::uintmax_t{4} << 30;   // compressed or not, checked before reading
    std::uintmax_t max_json_bytes = std::uintmax_t{16} << 30;  // after decompression
    std::size_t max_runs = 100'000;
    std::size_t max_rows = 100'000'000;  // history entries, sweep rows, comparison cells, predictions
    ModelFileLimits model;               // every tree and model in the project
};

// Throws treelab::Error for a project that would not load back.
std::string project_to_json(const Project& project);
// `source_name` names the input in messages. Throws ProjectFileError (corrupt, newer version,
// hostile) naming the source and, for JSON syntax errors, the byte offset.
Project project_from_json(const std::string& text, const std::string& source_name, const ProjectLimits& limits = {});

// Written atomically (core/io/atomic_file.h), gzip-compressed; the data file's path is stored
// both as given and relative to `file`'s folder. With `outcome_of`, runs[i]'s outcome is
// outcome_of(i), asked for when that run is written, so that one run's tree at a time is in
// memory (the workbench's runs kept on disk); runs[i].outcome is then not read.
void save_project(const Project& project, const std::filesystem::path& file,
                  const std::function<RunOutcome(std::size_t)>& outcome_of = {});
// Reads plain or gzip-compressed JSON. A data file that is no longer at its absolute path but is
// at the same place relative to the project file (a project folder moved or copied whole) is
// found there: form.data_file and every config's data_file are rewritten to where it is.
Project load_project(const std::filesystem::path& file, const ProjectLimits& limits = {});

// What became of the project's data file since it was saved.
enum class DataFileState { NoData, Unchanged, Changed, Missing };
DataFileState data_file_state(const Project& project);  // hashes the file when it exists

// Every run, sweep and comparison whose data_file is `from` reads `to` instead (the user located
// a moved data file).
void relocate_data_file(Project& project, const std::filesystem::path& from, const std::filesystem::path& to);

}  // namespace treelab
