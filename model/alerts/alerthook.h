// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alertobservation.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QProcessEnvironment>
#include <QString>

class QProcess;

// Runs the operator's command for each alert that fires, clears or is ended by the operator
// ("change": "fired", "cleared", "ended"), with the alert as one JSON object on its standard
// input (for people who wire alerts to chat or a pager). The command is split at spaces, double
// quotes keeping spaces together, and no shell runs it (to have one, the command says so:
// sh -c "..."). Never waits: a few commands run at once,
// the rest wait their turn (up to a bound, past which they are dropped and counted), and one that
// has not ended after `timeoutMs` is killed. Every failure is reported, never silent. The command
// runs without the variables that carry a way into Redis (REDIS_URL, REDIS_PASSWORD).
class AlertHook final : public QObject
{
    Q_OBJECT

public:
    explicit AlertHook(QObject *parent = nullptr);
    ~AlertHook() override;

    // Empty: no command runs.
    void setCommand(const QString &command);
    QString command() const { return m_command; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    // Queues a run for `event` of the rule described as `rule` on `server`.
    void run(const AlertEvent &event, const QString &ruleText, const QString &server);
    // The JSON a run gets on its standard input.
    static QJsonObject toJson(const AlertEvent &event, const QString &ruleText, const QString &server);
    // Ours without ConnectionSettings::secretVariables().
    static QProcessEnvironment childEnvironment();

    int running() const { return int(m_running.size()); }
    int waiting() const { return int(m_waiting.size()); }
    qint64 dropped() const { return m_dropped; }

    static constexpr int MaxRunning = 4;
    static constexpr int MaxWaiting = 100;
    static constexpr int DefaultTimeoutMs = 30000;

signals:
    // A run ended: ok when the command exited with 0; else `error` says why.
    void finished(bool ok, const QString &error);

private:
    void startNext();
    void ended(QProcess *process, bool ok, const QString &error);

    QString m_command;
    int m_timeoutMs = DefaultTimeoutMs;
    QList<QByteArray> m_waiting; // the JSON of runs not started yet
    QList<QProcess *> m_running;
    qint64 m_dropped = 0;
};
