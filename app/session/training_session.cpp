#include "app/session/training_session.h"

#include <chrono>
#include <filesystem>
#include <utility>

#include "app/session/start_progress.h"
#include "app/session/tree_timeline.h"

namespace treelab {
namespace {

// Owns what crosses the thread boundary for one run: the copy of each epoch, with a copy of its
// tree when the run's timeline records it (tree_timeline.h); the GUI gets the same tree, shared.
class EpochForwarder {
public:
    EpochPoint point(const EpochReport& report) {
        EpochPoint point = epoch_point(report);
        if (report.snapshot && timeline_.offer(report.start)) {
            point.snapshot = std::make_shared<const TreeModel>(*report.snapshot);
            timeline_.record({report.start, report.starts, report.epoch, report.loss_queries, point.snapshot});
        }
        return point;
    }
    std::vector<RecordedTree> takeTrees() { return timeline_.take(); }

private:
    TreeTimeline timeline_;
};

}  // namespace

TrainingSession::TrainingSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const treelab::RunOutcome>>();
    qRegisterMetaType<treelab::EpochPoint>();
}

TrainingSession::~TrainingSession() = default;

bool TrainingSession::isRunning() const { return worker_.isRunning(); }

void TrainingSession::requestStop() { worker_.requestStop(); }

std::shared_ptr<const PreparedData> TrainingSession::preparedData(const RunConfig& config) {
    // The file's size and modification time join the key: a file changed on disk is read again.
    std::error_code error;
    const auto size = std::filesystem::file_size(config.data_file, error);
    const auto modified = std::filesystem::last_write_time(config.data_file, error);
    const std::string key = prepared_data_key(config) + "\n" + std::to_string(size) + " " +
                            std::to_string(modified.time_since_epoch().count()) + (error ? " unreadable" : "");
    {
        const std::lock_guard<std::mutex> lock(dataMutex_);
        if (data_ && key == dataKey_ && !error) return data_;
    }
    auto data = std::make_shared<const PreparedData>(prepare_data(config));
    const std::lock_guard<std::mutex> lock(dataMutex_);
    dataKey_ = key;
    data_ = data;
    return data;
}

bool TrainingSession::start(const RunConfig& config) {
    // Signals emitted from the worker reach receivers in the GUI thread as queued calls.
    return worker_.start(this, [this, config]() -> std::function<void()> {
        try {
            EpochForwarder forwarder;
            StartProgress run_progress;
            std::string last_phase;
            std::chrono::steady_clock::time_point last_phase_report;
            const Progress progress = [this, &forwarder, &run_progress, &last_phase, &last_phase_report](const EpochReport& report) {
                if (!report.heartbeat) {
                    const auto [step, total] = run_progress.after(report.start, report.starts, report.epoch, report.total);
                    emit progressed(step, total);
                    emit epochReported(forwarder.point(report));
                } else if (!report.phase.empty()) {
                    // Heartbeats come every epoch of the phase's fits: thousands a second on small data.
                    const auto now = std::chrono::steady_clock::now();
                    if (report.phase != last_phase || now - last_phase_report >= kPhaseInterval) {
                        last_phase = report.phase;
                        last_phase_report = now;
                        emit phaseReported(QString::fromUtf8(report.phase.data(), static_cast<qsizetype>(report.phase.size())),
                                           report.epoch, report.total);
                    }
                }
                return !worker_.stopRequested();
            };
            check_run_config(config);  // before reading the file
            std::shared_ptr<const PreparedData> data = preparedData(config);
            RunOutcome result = run_training(*data, config, progress);
            result.data = std::move(data);
            result.recorded_trees = forwarder.takeTrees();
            add_pruning_curve(result);  // here, not when the GUI thread shows the run
            auto outcome = std::make_shared<const RunOutcome>(std::move(result));
            return [this, outcome] { emit finished(outcome); };
        } catch (const std::exception& error) {
            return [this, message = QString::fromStdString(error.what())] { emit failed(message); };
        }
    });
}

}  // namespace treelab
