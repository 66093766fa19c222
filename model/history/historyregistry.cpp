// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyregistry.h"

#include "connectionsettings.h"
#include "historystore.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

HistoryRegistry &HistoryRegistry::instance()
{
    static HistoryRegistry registry;
    return registry;
}

std::shared_ptr<HistoryStore> HistoryRegistry::store(const QString &path, const HistoryPolicy &policy)
{
    const QString key = QFileInfo(path).absoluteFilePath();
    if (std::shared_ptr<HistoryStore> existing = m_stores.value(key).lock())
        return existing;
    auto created = std::make_shared<HistoryStore>(key, HistoryStore::Mode::Record, policy);
    m_stores.insert(key, created);
    return created;
}

QString HistoryRegistry::fileFor(const ConnectionSettings &settings)
{
    const QString identity = settings.describe();
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    QString readable = identity;
    readable.replace(unsafe, QStringLiteral("_"));
    // The hash keeps two identities that read alike apart (and names short).
    const QByteArray hash = QCryptographicHash::hash(identity.toUtf8(), QCryptographicHash::Sha1).toHex().left(12);
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return folder + QStringLiteral("/history/") + readable.left(60) + QLatin1Char('-') + QString::fromLatin1(hash)
           + QStringLiteral(".sqlite");
}
