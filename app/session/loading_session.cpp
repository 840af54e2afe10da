#include "app/session/loading_session.h"

#include "core/data/column_summary.h"
#include "core/data/csv_reader.h"
#include "core/error.h"

namespace treelab {

LoadingSession::LoadingSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const treelab::LoadedTable>>();
}

LoadingSession::~LoadingSession() = default;

bool LoadingSession::isRunning() const { return worker_.isRunning(); }

void LoadingSession::requestStop() { worker_.requestStop(); }

bool LoadingSession::start(const QString& file, const CsvOptions& format) {
    // Signals emitted from the worker reach receivers in the GUI thread as queued calls.
    return worker_.start(this, [this, file, format]() -> std::function<void()> {
        try {
            // The reader calls back every few thousand lines; the bar needs a hundred steps at most.
            std::uint64_t last_percent = 101;
            CsvOptions options = format;
            options.progress = [&](std::uint64_t bytes_read, std::uint64_t bytes_total) {
                const std::uint64_t percent = bytes_total ? 100 * bytes_read / bytes_total : 0;
                if (percent != last_percent) emit progressed(static_cast<qint64>(bytes_read), static_cast<qint64>(bytes_total));
                last_percent = percent;
                return !worker_.stopRequested();
            };
            auto loaded = std::make_shared<LoadedTable>();
            loaded->file = file;
            loaded->format = format;
            loaded->table = read_csv(file.toStdString(), options);
            loaded->stamp = stamp_data_file(file.toStdString());
            const TargetChoice choice = choose_target_column(loaded->table);
            loaded->target = choice.column;
            loaded->target_reason = choice.reason;
            loaded->overview = overview_target(loaded->table, loaded->target, std::nullopt);  // a problem is no failed load
            if (worker_.stopRequested()) return [this] { emit cancelled(); };  // Cancel after the last line
            return [this, loaded = std::shared_ptr<const LoadedTable>(std::move(loaded))] { emit finished(loaded); };
        } catch (const Cancelled&) {
            return [this] { emit cancelled(); };
        } catch (const std::exception& error) {  // DataError, and filesystem errors from the standard library
            return [this, message = QString::fromStdString(error.what())] { emit failed(message); };
        }
    });
}

}  // namespace treelab
