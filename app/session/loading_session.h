#pragma once
// Reads one CSV file in a worker thread (as TrainingSession trains): the reader's
// progress callback reports bytes read and reads the stop flag, so Cancel stops a large read
// within a few thousand lines; the default target's class balance or histogram is computed there
// too, so the GUI thread only displays the result. Every exception becomes failed().
#include <memory>
#include <string>

#include <QObject>
#include <QString>

#include "app/session/target_overview.h"
#include "app/session/worker_thread.h"
#include "core/data/csv_reader.h"
#include "core/data/data_file_stamp.h"
#include "core/data/table.h"

namespace treelab {

// A file read completely, with what the data panel shows first.
struct LoadedTable {
    QString file;
    // The delimiter, decimal and encoding the read was asked for (0 or empty = detected; what the
    // reader took is table.format), so a run trained on these data reads the file the same way.
    CsvOptions format;
    Table table;
    std::size_t target = 0;   // choose_target_column's
    std::string target_reason;  // and why it chose it, for the data panel
    TargetOverview overview;  // of `target`, task detected
    DataFileStamp stamp;      // the file as it was read (data_file_stamp.h), taken once the read ended
};

class LoadingSession : public QObject {
    Q_OBJECT
public:
    explicit LoadingSession(QObject* parent = nullptr);
    ~LoadingSession() override;  // asks a running read to stop and waits for it

    // Starts reading `file` on a fresh worker thread with `format`'s delimiter, decimal and
    // encoding (its progress callback is the session's); returns false while a read is still going.
    bool start(const QString& file, const CsvOptions& format = {});
    void requestStop();
    bool isRunning() const;  // from start() until finished(), failed() or cancelled() is emitted

signals:
    // Bytes read of the file's size; sent when the read has advanced by at least a percent.
    void progressed(qint64 bytesRead, qint64 bytesTotal);
    void finished(std::shared_ptr<const treelab::LoadedTable> loaded);
    void failed(const QString& message);  // the reader's message: file, line, column
    void cancelled();

private:
    WorkerThread worker_;
};

}  // namespace treelab
