// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequetasktext.h"

#include "jsontext.h"
#include "timetext.h"

#include <QCoreApplication>
#include <QSet>

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("BluequeTaskText", text);
}
} // namespace

namespace BluequeTaskText {
QString describe(const BluequeTaskRecord &record, double now)
{
    QStringList lines;
    lines << tr("Task %1").arg(QString::fromUtf8(record.id));
    if (record.keyType == QLatin1String("none"))
        return lines.join(QLatin1Char('\n')) + QLatin1Char('\n') + tr("No hash: the task is gone from Redis.");
    if (record.keyType != QLatin1String("hash"))
        return lines.join(QLatin1Char('\n')) + QLatin1Char('\n')
               + tr("Its key is a %1, not a hash: Blueque never writes that.").arg(record.keyType);
    static const QSet<QString> times{QStringLiteral("created"), QStringLiteral("updated"), QStringLiteral("eta")};
    static const QStringList order{QStringLiteral("status"),    QStringLiteral("queue"),
                                   QStringLiteral("node"),      QStringLiteral("pid"),
                                   QStringLiteral("created"),   QStringLiteral("updated"),
                                   QStringLiteral("eta"),       QStringLiteral("reclaimed_node"),
                                   QStringLiteral("result"),    QStringLiteral("error"),
                                   QStringLiteral("parameters")};
    QStringList names = order;
    for (const auto &field : record.fields)
        if (!names.contains(field.first))
            names << field.first; // fields Blueque does not write, shown too
    for (const QString &name : names) {
        bool found = false;
        for (const auto &field : record.fields)
            found = found || field.first == name;
        if (!found)
            continue;
        const QByteArray value = record.field(name);
        QString shown;
        if (times.contains(name)) {
            bool ok = false;
            const double seconds = value.toDouble(&ok);
            if (ok)
                shown = TimeText::localAndRelative(seconds, now) + QStringLiteral("  (") + QString::fromUtf8(value)
                        + QLatin1Char(')');
            else
                shown = QString::fromUtf8(value) + tr("  (not a number)");
        } else if (name == QLatin1String("parameters") || name == QLatin1String("result")) {
            shown = JsonText::pretty(value);
        } else {
            shown = QString::fromUtf8(value);
        }
        if (shown.contains(QLatin1Char('\n')))
            lines << name + QLatin1Char(':')
                  << QStringLiteral("  ") + shown.replace(QLatin1Char('\n'), QStringLiteral("\n  "));
        else
            lines << name + QStringLiteral(": ") + shown;
    }
    if (record.field(QStringLiteral("queue")).isEmpty())
        lines << tr("! The hash names no queue: its listener cannot complete or fail it.");
    lines << tr("Held by: %1")
                 .arg(record.holders.isEmpty()
                          ? tr("none of the keys looked at (lists are searched in their newest 1000)")
                          : record.holders.join(QStringLiteral(", ")));
    return lines.join(QLatin1Char('\n'));
}
} // namespace BluequeTaskText
