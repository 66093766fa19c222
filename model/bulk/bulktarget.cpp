// SPDX-License-Identifier: GPL-3.0-or-later
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
        target.description =
            jids.size() == 1
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
        target.description =
            expected >= 0 ? QCoreApplication::translate("BulkTarget", "all %Ln job(s) %1", nullptr, int(expected))
                                .arg(source.description)
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

QString BulkTarget::listedState(const QByteArray &jid) const
{
    switch (kind) {
    case Kind::Jids: return states.value(jid);
    case Kind::Source: return source.state;
    case Kind::FailureGroup: return QStringLiteral("failed");
    }
    return {};
}

bool BulkTarget::listedRunning(const QByteArray &jid) const
{
    if (kind != Kind::Source)
        return listedState(jid) == QLatin1String("running");
    if (!source.state.isEmpty())
        return source.state == QLatin1String("running");
    // A list of mixed states: running jobs were among those shown, unless it says otherwise.
    return !source.holdsState || source.holdsState(QStringLiteral("running"));
}

bool BulkTarget::listsRunning() const
{
    if (kind != Kind::Jids)
        return listedRunning({});
    for (const QString &state : states) {
        if (state == QLatin1String("running"))
            return true;
    }
    return false;
}
