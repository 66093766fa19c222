// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

// qless's configuration: defaults merged with what ql:config overrides.
struct QlessConfig
{
    QJsonObject values;

    // A value as text ("60", "qless"), empty when unset.
    QString text(const QString &name) const
    {
        const QJsonValue value = values.value(name);
        if (value.isDouble())
            return QString::number(value.toDouble(), 'g', 15);
        return value.toString();
    }
};
