#include "app/session/project_session.h"

#include <exception>
#include <filesystem>
#include <utility>

#include "core/project/project_views.h"

namespace treelab {

void ProjectDraft::save(const std::filesystem::path& file) const {
    save_project(*project, file, [this](std::size_t run) { return run_outcomes.at(run)(); });
}

ProjectSession::ProjectSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<treelab::OpenedProject>>();
}

ProjectSession::~ProjectSession() = default;

bool ProjectSession::isRunning() const { return worker_.isRunning(); }

bool ProjectSession::save(ProjectDraft draft, const QString& file) {
    return worker_.start(this, [this, draft = std::move(draft), file]() -> std::function<void()> {
        try {
            draft.save(file.toStdString());
            return [this, file, runs = static_cast<int>(draft.project->runs.size())] { emit saved(file, runs); };
        } catch (const std::exception& error) {
            return [this, file, message = QString::fromStdString(error.what())] { emit saveFailed(file, message); };
        }
    });
}

namespace {

// Rebuilds the views of `opened` when its data file is unchanged; a data file that no longer
// prepares as it did is said, and the project's results stay without their data.
void rebuild_views(OpenedProject& opened) {
    opened.data_state = data_file_state(opened.project);
    opened.views_rebuilt = false;
    opened.rebuild_problem.clear();
    if (opened.data_state != DataFileState::Unchanged) return;
    try {
        rebuild_project_views(opened.project);
        opened.views_rebuilt = true;
    } catch (const std::exception& error) {
        opened.rebuild_problem = QString::fromStdString(error.what());
    }
}

}  // namespace

bool ProjectSession::open(const QString& file) {
    return worker_.start(this, [this, file]() -> std::function<void()> {
        try {
            auto opened = std::make_shared<OpenedProject>();
            opened->file = file;
            opened->project = load_project(file.toStdString());
            rebuild_views(*opened);
            return [this, opened] { emit this->opened(opened); };
        } catch (const std::exception& error) {
            return [this, file, message = QString::fromStdString(error.what())] { emit openFailed(file, message); };
        }
    });
}

bool ProjectSession::rebuild(std::shared_ptr<OpenedProject> opened) {
    return worker_.start(this, [this, opened = std::move(opened)]() -> std::function<void()> {
        rebuild_views(*opened);
        return [this, opened] { emit this->opened(opened); };
    });
}

RunOutcome stored_part(const RunOutcome& outcome) {
    RunOutcome stored;
    stored.model = outcome.model;
    stored.train_scores = outcome.train_scores;
    stored.valid_scores = outcome.valid_scores;
    stored.test_scores = outcome.test_scores;
    stored.train_rows = outcome.train_rows;
    stored.valid_rows = outcome.valid_rows;
    stored.test_rows = outcome.test_rows;
    stored.fit_rows = outcome.fit_rows;
    stored.stopped_early = outcome.stopped_early;
    stored.diverged = outcome.diverged;
    stored.history = outcome.history;
    stored.train_seconds = outcome.train_seconds;
    stored.starts = outcome.starts;
    stored.picked = outcome.picked;
    stored.chosen_start = outcome.chosen_start;
    stored.chosen_epoch = outcome.chosen_epoch;
    stored.recorded_trees = outcome.recorded_trees;
    stored.recorded_trees_dropped = outcome.recorded_trees_dropped;
    return stored;
}

}  // namespace treelab
