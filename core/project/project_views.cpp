#include "core/project/project_views.h"

#include <map>
#include <memory>
#include <string>

#include "core/data/csv_reader.h"
#include "core/error.h"
#include "core/io/sha256.h"

namespace treelab {

namespace {

std::string format_key(const RunConfig& config) {
    return config.data_file.string() + '\n' + std::to_string(int(config.delimiter)) + ' ' + std::to_string(int(config.decimal)) + ' ' +
           config.encoding;
}

class PreparedCache {
public:
    std::shared_ptr<const PreparedData> prepared(const RunConfig& config) {
        std::shared_ptr<const PreparedData>& slot = prepared_[prepared_data_key(config)];
        if (!slot) slot = std::make_shared<const PreparedData>(prepare_data(table(config), sha256(config), config));
        return slot;
    }

    const Table& table(const RunConfig& config) {
        std::unique_ptr<Table>& slot = tables_[format_key(config)];
        if (!slot) {
            CsvOptions options;
            options.delimiter = config.delimiter;
            options.decimal = config.decimal;
            options.encoding = config.encoding;
            slot = std::make_unique<Table>(read_csv(config.data_file, options));
        }
        return *slot;
    }

    const std::string& sha256(const RunConfig& config) {
        std::string& digest = digests_[config.data_file.string()];
        if (digest.empty()) digest = sha256_of_file(config.data_file);
        return digest;
    }

private:
    std::map<std::string, std::unique_ptr<Table>> tables_;
    std::map<std::string, std::string> digests_;
    std::map<std::string, std::shared_ptr<const PreparedData>> prepared_;
};

void check(const std::function<bool()>& keep_going) {
    if (keep_going && !keep_going()) throw Cancelled("opening the project was cancelled");
}

}  // namespace

void rebuild_project_views(Project& project, const std::function<bool()>& keep_going) {
    PreparedCache cache;
    for (ProjectRun& run : project.runs) {
        check(keep_going);
        RunOutcome& outcome = run.outcome;
        if (run.refit) {
            outcome.data = prepare_refit(run.refit->comparison, run.refit->data_set, run.refit->contender).data;
        } else if (run.config) {
            outcome.data = cache.prepared(*run.config);
        } else if (!outcome.test_scores.empty() && !project.form.data_file.empty()) {
            // An evaluation of an opened model on the project's data: every row is a test row.
            outcome.data = std::make_shared<const PreparedData>(prepare_saved_model_data(cache.table(project.form), outcome.model));
        } else {
            continue;
        }
        score_model(outcome, *outcome.data);
        add_pruning_curve(outcome);
    }
    for (SweepResult& sweep : project.sweeps)
        for (SweepRow& row : sweep.rows) {
            check(keep_going);
            RunConfig config = sweep.config.base;
            config.seed = row.seed;
            row.data = cache.prepared(config);
        }
}

}  // namespace treelab
