// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QObject>

class ActionCenter;
class QWidget;
class QlessSession;
struct Job;
struct RecurringJob;
struct RedisError;

// The writes on one job or one recurring template that are not bulk runs (no BulkRunner, no
// batches): each asks for what it needs in a dialog, sends one call, audits it and says when it
// did nothing. ActionCenter offers them (and stays the one place pages ask); they live apart so
// that the bulk side and the one-job side each stay readable.
class OneJobActions final : public QObject
{
    Q_OBJECT

public:
    OneJobActions(ActionCenter *center, QlessSession *session);

    void askRemoveDependency(const Job &job, QWidget *parent);
    void askEditRecurring(const RecurringJob &job, QWidget *parent);
    void askStopRecurring(const RecurringJob &job, QWidget *parent);
    // A note in the job's history (qless's log), asked for in JobNoteDialog; audited as "log".
    void askAddNote(const QByteArray &jid, QWidget *parent);

private:
    // Audits the write, and tells the operator when it did nothing; `applied` is what the script
    // said. `parent` may be gone by the reply.
    void recordOneJob(const QString &action, const QJsonObject &arguments, const RedisError &error, bool applied,
                      const QString &doneText, const QString &notDoneText, const QString &title, QWidget *parent);

    ActionCenter *m_center;
    QlessSession *m_session;
};
