// SPDX-License-Identifier: GPL-3.0-or-later
#include "alerthook.h"

#include "connectionsettings.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QProcess>
#include <QTimer>

AlertHook::AlertHook(QObject *parent)
    : QObject(parent)
{}

AlertHook::~AlertHook()
{
    // A command still running ends with the window that started it: killed, and reaped at once so
    // that no process outlives us (a kill ends it within milliseconds).
    for (QProcess *process : std::as_const(m_running)) {
        process->disconnect(this);
        process->kill();
        process->waitForFinished(1000);
        delete process;
    }
}

void AlertHook::setCommand(const QString &command)
{
    m_command = command.trimmed();
}

namespace {
QString changeName(AlertEvent::Change change)
{
    switch (change) {
    case AlertEvent::Change::Fired: return QStringLiteral("fired");
    case AlertEvent::Change::Cleared: return QStringLiteral("cleared");
    case AlertEvent::Change::Ended:
        // Not "cleared": nothing was seen to be well again (a pager should not say "resolved").
        return QStringLiteral("ended");
    }
    return QString();
}
} // namespace

QJsonObject AlertHook::toJson(const AlertEvent &event, const QString &ruleText, const QString &server)
{
    return QJsonObject{
        {QStringLiteral("change"), changeName(event.change)},
        {QStringLiteral("rule_id"), event.ruleId},
        {QStringLiteral("rule"), ruleText},
        {QStringLiteral("subject"), event.subject},
        {QStringLiteral("value"), event.value},
        {QStringLiteral("at"),
         QDateTime::fromMSecsSinceEpoch(qint64(event.at * 1000), Qt::UTC).toString(Qt::ISODateWithMs)},
        {QStringLiteral("text"), event.text},
        {QStringLiteral("server"), server},
    };
}

void AlertHook::run(const AlertEvent &event, const QString &ruleText, const QString &server)
{
    if (m_command.isEmpty())
        return;
    if (m_waiting.size() >= MaxWaiting) {
        ++m_dropped;
        emit finished(false,
                      tr("The alert command was not run: %n run(s) already waiting.", nullptr, int(m_waiting.size())));
        return;
    }
    m_waiting.append(QJsonDocument(toJson(event, ruleText, server)).toJson(QJsonDocument::Compact) + '\n');
    startNext();
}

QProcessEnvironment AlertHook::childEnvironment()
{
    // The command is the operator's own, but it may hand its environment on (to a chat bot, a
    // log): what gives access to Redis stays with us.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : ConnectionSettings::secretVariables())
        environment.remove(name);
    return environment;
}

void AlertHook::startNext()
{
    while (m_running.size() < MaxRunning && !m_waiting.isEmpty()) {
        const QByteArray input = m_waiting.takeFirst();
        const QStringList argv = QProcess::splitCommand(m_command);
        if (argv.isEmpty()) {
            emit finished(false, tr("The alert command is empty."));
            continue;
        }
        auto *process = new QProcess(this);
        process->setProgram(argv.first());
        process->setArguments(argv.mid(1));
        process->setProcessChannelMode(QProcess::ForwardedOutputChannel); // its output is the operator's
        process->setProcessEnvironment(childEnvironment());
        m_running.append(process);
        auto *limit = new QTimer(process);
        limit->setSingleShot(true);
        connect(limit, &QTimer::timeout, process, [this, process] {
            ended(process, false,
                  tr("The alert command %1 did not end within %n second(s) and was stopped.", nullptr,
                     m_timeoutMs / 1000)
                      .arg(m_command));
        });
        connect(process, &QProcess::started, process, [process, input] {
            process->write(input);
            process->closeWriteChannel();
        });
        connect(process, &QProcess::errorOccurred, this, [this, process](QProcess::ProcessError error) {
            if (error == QProcess::FailedToStart)
                ended(process, false,
                      tr("The alert command %1 could not start: %2").arg(m_command, process->errorString()));
        });
        connect(process, &QProcess::finished, this, [this, process](int code, QProcess::ExitStatus status) {
            if (status == QProcess::CrashExit)
                ended(process, false, tr("The alert command %1 crashed.").arg(m_command));
            else if (code != 0)
                ended(process, false, tr("The alert command %1 exited with %2.").arg(m_command, QString::number(code)));
            else
                ended(process, true, QString());
        });
        limit->start(m_timeoutMs);
        process->start();
    }
}

void AlertHook::ended(QProcess *process, bool ok, const QString &error)
{
    if (!m_running.removeOne(process))
        return; // already ended (a kill after the timeout also reports finished)
    process->disconnect(this);
    if (process->state() == QProcess::NotRunning) {
        process->deleteLater();
    } else {
        // Gone once it has ended: a kill takes a moment, and nobody waits for it.
        connect(process, &QProcess::finished, process, &QObject::deleteLater);
        process->kill();
    }
    emit finished(ok, error);
    startNext();
}
