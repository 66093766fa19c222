// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auditlog.h"
#include "page.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "replywaiter.h"

#include <QDir>
#include <QStandardPaths>
#include <QTest>

#include <memory>

// What the page tests share: a private redis-server seeded through our scripts, a QlessSession
// on it (the real connection thread), a refresh that waits for the page's `done`, and screenshots
// written to QLESSDESK_SCREENSHOT_DIR for people to look at.
class PageTestBase
{
public:
    bool startServer(QString *error)
    {
        // Whatever a test writes to the user's data directory (the audit log) goes to a test
        // location instead, never into the real one of the person running the tests.
        QStandardPaths::setTestModeEnabled(true);
        m_fixture = std::make_unique<QlessFixture>();
        return m_fixture->start(error);
    }
    void stopServer() { m_fixture.reset(); }

    QlessFixture &fixture() { return *m_fixture; }

    std::unique_ptr<QlessSession> session()
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture->server().socketPath();
        auto session = std::make_unique<QlessSession>(settings);
        awaitReady(*session->connection());
        return session;
    }

    // A session whose writes are audited into `auditLogPath` (the action tests read it back),
    // read-only when asked.
    std::unique_ptr<QlessSession> sessionAuditedInto(const QString &auditLogPath, bool readOnly = false)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture->server().socketPath();
        settings.readOnly = readOnly;
        auto session = std::make_unique<QlessSession>(settings);
        session->setAuditLog(std::make_shared<AuditLog>(auditLogPath));
        awaitReady(*session->connection());
        return session;
    }

    // Runs page->refresh and waits for its `done`; the value is its ok.
    static bool refresh(Page *page)
    {
        bool finished = false;
        bool ok = false;
        page->refresh([&finished, &ok](bool fine) {
            QVERIFY2(!finished, "done ran twice");
            finished = true;
            ok = fine;
        });
        return QTest::qWaitFor([&finished] { return finished; }, 30000) && ok;
    }

    static void screenshot(QWidget *widget, const QString &name)
    {
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        widget->grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/") + name + QStringLiteral(".png"));
    }

private:
    std::unique_ptr<QlessFixture> m_fixture;
};
