// SPDX-License-Identifier: GPL-3.0-or-later
// The audit log reader on any file content: records() and exportCsv() skip damaged lines and
// never crash, and a record that was read back writes out to a line that reads back again. The
// Activity page's scanner finds, in small chunks from the end, exactly the complete lines that a
// plain forward read finds.
#include "auditlog.h"
#include "auditlogscanner.h"

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

    QList<QByteArray> forward;
    AuditLogScanner::forEachLine(logPath, [&forward](const QByteArray &line) { forward.append(line); });
    AuditLogScanner scanner(logPath);
    QList<AuditLine> found;
    for (int steps = 0; steps == 0 || !scanner.isComplete(); ++steps) {
        const AuditLogScanner::Step step = scanner.step(7); // tiny chunks: every boundary case
        if (step.restarted || !step.newer.isEmpty() || !step.error.isEmpty())
            std::abort(); // the file did not change
        found += step.older;
    }
    const QList<QByteArray> lines = scanner.read(found);
    if (lines.size() != forward.size())
        std::abort();
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i) != forward.at(forward.size() - 1 - i))
            std::abort(); // newest first, each line whole
        AuditRecord record;
        (void)AuditLog::fromJsonLine(lines.at(i).trimmed(), &record);
    }
    return 0;
}
