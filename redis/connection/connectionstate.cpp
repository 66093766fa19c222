// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionstate.h"

QString ConnectionState::describe() const
{
    switch (phase) {
    case Phase::Idle: return QStringLiteral("not connected");
    case Phase::Connecting: return QStringLiteral("connecting to %1").arg(address);
    case Phase::Ready: return QStringLiteral("connected to %1").arg(address);
    case Phase::Reconnecting:
        return QStringLiteral("reconnecting in %1 s: %2").arg(QString::number((retryInMs + 999) / 1000), error.message);
    case Phase::Failed: return QStringLiteral("failed: %1").arg(error.message);
    case Phase::Closed: return QStringLiteral("closed");
    }
    return QString();
}
