#include "bulktarget.h"

#include <QCoreApplication>
#include <QLocale>

BulkTarget BulkTarget::ofJids(const QList<QByteArray> &jids, const QString &description)
{
    BulkTarget target;
    target.kind = Kind::Jids;
    target.jids = jids;
    target.expected = jids.size();
    target.description = description;
    if (target.description.isEmpty()) {
        target.description = jids.size() == 1
            ? QCoreApplication::translate("BulkTarget", "job %1").arg(QString::fromUtf8(jids.first()))
            : QCoreApplication::translate("BulkTarget", "%Ln selected job(s)", nullptr, int(jids.size()));
    }
    return target;
}

BulkTarget BulkTarget::ofSource(const JobSource &source, qint64 expected, const QString &description)
{
    BulkTarget target;
    target.kind = Kind::Source;
    target.source = source;
    target.expected = expected;
    target.description = description;
    if (target.description.isEmpty()) {
        target.description = expected >= 0
            ? QCoreApplication::translate("BulkTarget", "all %Ln job(s) %1", nullptr, int(expected)).arg(source.description)
            : QCoreApplication::translate("BulkTarget", "all jobs %1").arg(source.description);
    }
    return target;
}

BulkTarget BulkTarget::ofFailureGroup(const QString &group, qint64 expected)
{
    BulkTarget target;
    target.kind = Kind::FailureGroup;
    target.group = group;
    target.expected = expected;
    target.description = QCoreApplication::translate("BulkTarget", "all %1 jobs of failure group %2")
                             .arg(QLocale().toString(expected), group);
    return target;
}

qint64 BulkTarget::count() const
{
    return kind == Kind::Jids ? jids.size() : expected;
}
