// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequeaction.h"

#include <QJsonArray>

BluequeAction BluequeAction::ofTasks(Kind kind, const QString &queue, const QString &state,
                                     const QList<BluequeTaskRef> &tasks)
{
    BluequeAction action;
    action.kind = kind;
    action.queue = queue;
    action.state = state;
    action.tasks = tasks;
    return action;
}

BluequeAction BluequeAction::ofWholeList(Kind kind, const QString &queue, const QString &state, qint64 expected)
{
    BluequeAction action;
    action.kind = kind;
    action.queue = queue;
    action.state = state;
    action.wholeList = true;
    action.expected = expected;
    return action;
}

bool BluequeAction::appliesTo(Kind kind, const QString &state)
{
    switch (kind) {
    case Kind::Requeue: return state == QLatin1String("failed");
    case Kind::Delete: return state == QLatin1String("failed") || state == QLatin1String("complete");
    case Kind::Cancel: return state == QLatin1String("pending") || state == QLatin1String("scheduled");
    case Kind::RunNow: return state == QLatin1String("scheduled");
    }
    return false;
}

QString BluequeAction::name() const
{
    switch (kind) {
    case Kind::Requeue: return QStringLiteral("blueque requeue");
    case Kind::Delete: return QStringLiteral("blueque delete");
    case Kind::Cancel: return QStringLiteral("blueque cancel");
    case Kind::RunNow: return QStringLiteral("blueque run now");
    }
    return {};
}

QString BluequeAction::tasksText() const
{
    if (wholeList)
        return tr("all %Ln %1 task(s) of %2", nullptr, int(qMin<qint64>(expected, std::numeric_limits<int>::max())))
            .arg(state, queue);
    if (tasks.size() == 1)
        return tr("%1 task %2 of %3").arg(state, QString::fromUtf8(tasks.first().id), queue);
    return tr("%n selected %1 task(s) of %2", nullptr, int(tasks.size())).arg(state, queue);
}

QString BluequeAction::describe() const
{
    switch (kind) {
    case Kind::Requeue: return tr("Requeue %1").arg(tasksText());
    case Kind::Delete: return tr("Delete %1").arg(tasksText());
    case Kind::Cancel: return tr("Cancel %1").arg(tasksText());
    case Kind::RunNow: return tr("Run now %1").arg(tasksText());
    }
    return {};
}

QJsonObject BluequeAction::arguments() const
{
    QJsonObject out{{QStringLiteral("system"), QStringLiteral("blueque")},
                    {QStringLiteral("queue"), queue},
                    {QStringLiteral("state"), state},
                    {QStringLiteral("tasks"), count()}};
    if (wholeList)
        out.insert(QStringLiteral("all"), true);
    else if (tasks.size() <= 20) {
        QJsonArray ids;
        QJsonObject errors;
        for (const BluequeTaskRef &task : tasks) {
            ids.append(QString::fromUtf8(task.id));
            if (kind == Kind::Requeue && !task.error.isEmpty())
                errors.insert(QString::fromUtf8(task.id), task.error);
        }
        out.insert(QStringLiteral("ids"), ids);
        if (!errors.isEmpty())
            out.insert(QStringLiteral("errors"), errors);
    }
    return out;
}
