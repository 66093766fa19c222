// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessclient.h"
#include "qlessfixture.h"
#include "redisconnection.h"
#include "replywaiter.h"

#include <QStandardPaths>
#include <QTest>

#include <memory>

// For tests of what sits on the typed API (models, pages): a private redis-server seeded through
// our scripts (fixture()), and the real connection thread and QlessClient on it (client()).
class QlessClientTestBase
{
public:
    bool startQless(QString *error)
    {
        // Anything written to the user's data directory (the audit log) goes to a test location.
        QStandardPaths::setTestModeEnabled(true);
        m_fixture = std::make_unique<QlessFixture>();
        if (!m_fixture->start(error))
            return false;
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture->server().socketPath();
        m_connection = std::make_unique<RedisConnection>(settings);
        m_client = std::make_unique<QlessClient>(m_connection.get());
        if (!awaitReady(*m_connection)) {
            *error = QStringLiteral("the connection did not become ready");
            return false;
        }
        return true;
    }

    void stopQless()
    {
        m_client.reset();
        m_connection.reset();
        m_fixture.reset();
    }

    QlessFixture &fixture() { return *m_fixture; }
    QlessClient *client() { return m_client.get(); }

private:
    std::unique_ptr<QlessFixture> m_fixture;
    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<QlessClient> m_client;
};
