// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QRandomGenerator>
#include <QString>

// The failures a real pipeline shows: a few groups per stage, each with a message that varies by
// job and a traceback, so failure groups look as they do in production.
class FailureCatalog final
{
public:
    struct Failure
    {
        QString group;
        QString message; // first line, then a traceback
    };

    static Failure pick(const QString &stage, const QByteArray &jid, QRandomGenerator &random);
};
