// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alertobservation.h"
#include "alertrule.h"

#include <QObject>
#include <QString>

class AlertHook;
class AlertLogModel;
class AlertMonitor;
class AlertRuleStore;
class QlessSession;

// A connection's alerts in one place: its rules and alert command (kept per server in an
// AlertRuleStore), the monitor that checks them after each refresh of the window, the log the
// Alerts page shows, and the command hook. One per session, made on first use (of()), so the
// window, the Alerts page and the tray see the same alerts.
class AlertCenter final : public QObject
{
    Q_OBJECT

public:
    static AlertCenter *of(QlessSession *session);

    // Where rules are kept from now on (not owned; null: nowhere, they last as long as the
    // session); loads the rules and command kept there for this session's server. A kept list
    // that cannot be read leaves no rule on, and loadError() says why.
    void useStore(AlertRuleStore *store);
    QString loadError() const { return m_loadError; }

    QList<AlertRule> rules() const;
    QString command() const;
    // New rules and command, kept in the store if there is one. Alerts of rules that are gone or
    // changed end in the log (the rule changed).
    void setRules(const QList<AlertRule> &rules, const QString &command);

    // Marks the log's rows as seen. Of those still on, an alert whose subject the last check no
    // longer listed ends (AlertEvent::Change::Ended, to the log and the alert command): a worker
    // qless dropped keeps its alert on, and now that someone has seen it nothing else would end
    // it (a restarted worker comes back under a new name). One still listed goes quiet, as
    // before; a worker-not-seen one among them ends when qless drops the worker.
    void acknowledge(const QList<int> &rows);
    void acknowledgeAll();

    // One check of the rules (the window calls it after each refresh).
    void check();
    // Whether a check reads every queue's counts (and hands them out: AlertMonitor::queuesRead).
    bool readsQueueCounts() const;

    AlertLogModel *log() const { return m_log; }
    AlertMonitor *monitor() const { return m_monitor; }
    AlertHook *hook() const { return m_hook; }
    // The server as rules are kept for it and the hook names it.
    QString server() const { return m_server; }

signals:
    // Alerts fired in one check, in the rules' order (for the desktop notification); after the
    // log has them.
    void fired(const QList<AlertEvent> &events);
    // The rules or the command are new (set, or loaded from the store).
    void rulesChanged();
    // The alert command failed (for the status bar).
    void commandFailed(const QString &error);

private:
    explicit AlertCenter(QlessSession *session);
    void take(const QList<AlertEvent> &events);
    QString ruleText(const QString &ruleId) const;

    QlessSession *m_session;
    AlertMonitor *m_monitor;
    AlertHook *m_hook;
    AlertLogModel *m_log;
    AlertRuleStore *m_store = nullptr;
    QString m_server;
    QString m_loadError;
    bool m_historyLinked = false; // the monitor reads the session's SessionHistory store
};
