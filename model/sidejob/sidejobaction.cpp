// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobaction.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

SideJobAction SideJobAction::of(Kind kind, const QList<SideJobRef> &jobs)
{
    SideJobAction action;
    action.kind = kind;
    action.jobs = jobs;
    return action;
}

SideJobAction SideJobAction::writeInput(const SideJobRef &job, const QString &port, const QByteArray &value)
{
    SideJobAction action = of(Kind::WriteInput, {job});
    action.port = port;
    action.value = value;
    return action;
}

bool SideJobAction::appliesTo(Kind kind, const QString &status)
{
    const bool terminated = status == QLatin1String("terminated");
    switch (kind) {
    case Kind::Run:
        return status == QLatin1String("running") || status == QLatin1String("queued")
               || status == QLatin1String("suspended") || status == QLatin1String("completed");
    case Kind::ForceRun:
        return status == QLatin1String("failed") || terminated || status == QLatin1String("terminating");
    case Kind::Terminate:
    case Kind::TerminateSubtree: return !status.isEmpty() && !terminated;
    case Kind::DeleteTerminated: return terminated;
    case Kind::WriteInput: return !status.isEmpty();
    }
    return false;
}

bool SideJobAction::validJson(const QByteArray &text, QString *error)
{
    // QJsonDocument reads only objects and arrays: a scalar is checked as the one element of an
    // array, which also refuses two values side by side ("1 2") and trailing garbage.
    QJsonParseError parse;
    const QByteArray wrapped = '[' + text + ']';
    const QJsonDocument document = QJsonDocument::fromJson(wrapped, &parse);
    bool ok = parse.error == QJsonParseError::NoError && document.isArray() && document.array().size() == 1;
    if (ok)
        return true;
    if (error) {
        if (text.trimmed().isEmpty())
            *error = tr("The value is empty: write JSON, for example 42, \"text\", [1, 2] or {\"key\": 1}.");
        else if (parse.error == QJsonParseError::NoError)
            *error = tr("The value must be one JSON value, not several.");
        else
            *error = tr("Not JSON: %1 at character %2. Text must be quoted (\"text\").")
                         .arg(parse.errorString())
                         .arg(qMax(1, parse.offset));
    }
    return false;
}

bool SideJobAction::validPortName(const QString &name)
{
    static const QRegularExpression portName(QStringLiteral("^[a-zA-Z0-9_]+$"));
    return portName.match(name).hasMatch();
}

QString SideJobAction::name() const
{
    switch (kind) {
    case Kind::Run: return QStringLiteral("sidejob run");
    case Kind::ForceRun: return QStringLiteral("sidejob force run");
    case Kind::Terminate: return QStringLiteral("sidejob terminate");
    case Kind::TerminateSubtree: return QStringLiteral("sidejob terminate subtree");
    case Kind::DeleteTerminated: return QStringLiteral("sidejob delete terminated");
    case Kind::WriteInput: return QStringLiteral("sidejob write input");
    }
    return {};
}

QString SideJobAction::jobsText() const
{
    if (jobs.size() == 1)
        return tr("job %1").arg(QString::fromUtf8(jobs.first().id));
    return tr("%n selected job(s)", nullptr, int(jobs.size()));
}

QString SideJobAction::describe() const
{
    switch (kind) {
    case Kind::Run: return tr("Run %1").arg(jobsText());
    case Kind::ForceRun: return tr("Force a run of %1").arg(jobsText());
    case Kind::Terminate: return tr("Terminate %1").arg(jobsText());
    case Kind::TerminateSubtree:
        return jobs.size() == 1 ? tr("Terminate %1 and its descendants").arg(jobsText())
                                : tr("Terminate %1 and their descendants").arg(jobsText());
    case Kind::DeleteTerminated:
        return jobs.size() == 1 ? tr("Delete terminated %1 and its descendants").arg(jobsText())
                                : tr("Delete terminated %1 and their descendants").arg(jobsText());
    case Kind::WriteInput: return tr("Write a value to input port %1 of %2").arg(port, jobsText());
    }
    return {};
}

QJsonObject SideJobAction::arguments() const
{
    QJsonObject out{{QStringLiteral("system"), QStringLiteral("sidejob")}, {QStringLiteral("jobs"), count()}};
    if (jobs.size() <= 20) {
        QJsonArray ids;
        for (const SideJobRef &job : jobs)
            ids.append(QString::fromUtf8(job.id));
        out.insert(QStringLiteral("ids"), ids);
    }
    if (kind == Kind::WriteInput) {
        out.insert(QStringLiteral("port"), port);
        // The value as written, cut: the audit log records what was done, not a copy of the data.
        out.insert(QStringLiteral("value"), QString::fromUtf8(value.left(200)));
        if (value.size() > 200)
            out.insert(QStringLiteral("value_bytes"), value.size());
    }
    return out;
}

bool SideJobAction::isDestructive() const
{
    return kind == Kind::DeleteTerminated || kind == Kind::ForceRun || kind == Kind::Terminate
           || kind == Kind::TerminateSubtree;
}
