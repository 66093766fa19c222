// The audit log reader on any file content: records() and exportCsv() skip damaged lines and
// never crash, and a record that was read back writes out to a line that reads back again.
#include "auditlog.h"

#include <QFile>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static QTemporaryDir directory;
    const QString logPath = directory.filePath(QStringLiteral("audit.jsonl"));
    {
        QFile file(logPath);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            std::abort();
        file.write(reinterpret_cast<const char *>(data), qint64(size));
    }
    const AuditLog log(logPath);
    int skipped = 0;
    const QList<AuditRecord> records = log.records(-1, &skipped);
    for (const AuditRecord &record : records) {
        AuditRecord again;
        if (!AuditLog::fromJsonLine(AuditLog::toJsonLine(record), &again))
            std::abort();
    }
    QString error;
    (void)log.exportCsv(directory.filePath(QStringLiteral("audit.csv")), &error);
    return 0;
}
