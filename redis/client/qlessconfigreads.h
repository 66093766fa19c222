// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuresigpage.h"
#include "jidpage.h"
#include "jobscanpage.h"
#include "jobsearchpage.h"
#include "jobsearchquery.h"
#include "qlessscriptcaller.h"
#include "qlesstext.h"
#include "qlessvaluedecoder.h"

#include <QHash>
#include <QJsonObject>

#include <memory>
#include <optional>

// Reads of the server's qless settings: the config, one option, and what this Redis user may do.
// One asynchronous call each over QlessScriptCaller (see QlessClient); call from `context`'s thread.
class QlessConfigReads final
{
public:
    template<typename T>
    using Done = QlessDone<T>;

    explicit QlessConfigReads(QlessScriptCaller &caller)
        : m_caller(caller)
    {}

    void config(QObject *context, Done<QlessConfig> done);
    void configValue(const QString &option, QObject *context, Done<std::optional<QString>> done);
    // What this Redis user may not do of what qless's writes need (desk.permissions, a read):
    // its JSON object as the script answers it, {known, channels, writes} (see lua/qless.lua).
    // Fails with NoPermission when the user may not run scripts at all (EVALSHA, SCRIPT LOAD).
    void userPermissions(QObject *context, Done<QJsonObject> done);

private:
    QlessScriptCaller &m_caller;
};
