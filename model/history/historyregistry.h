// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historypolicy.h"

#include <QHash>
#include <QPointer>
#include <QString>

#include <memory>

class HistoryStore;
struct ConnectionSettings;

// Per process: one HistoryStore per history file, shared by every window and the recorder of
// the same server (they write through one connection, on one thread, and never race each other
// for the file). Lives on the GUI thread; the store goes when the last holder lets it go.
class HistoryRegistry final
{
public:
    static HistoryRegistry &instance();

    // The store of `path`, opened to record (the first process gets the recorder lock; see
    // HistoryStore) on the first call, the same one after.
    std::shared_ptr<HistoryStore> store(const QString &path, const HistoryPolicy &policy = {});
    // The file a server's history is kept in: one per server identity (its address and database,
    // never its password), under the application's data folder.
    static QString fileFor(const ConnectionSettings &settings);

private:
    QHash<QString, std::weak_ptr<HistoryStore>> m_stores;
};
