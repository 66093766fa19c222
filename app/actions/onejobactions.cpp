// SPDX-License-Identifier: GPL-3.0-or-later
#include "onejobactions.h"

#include "mnemonictext.h"

#include "actioncenter.h"
#include "auditrecord.h"
#include "jobnotedialog.h"
#include "jobwrites.h"
#include "qlesssession.h"
#include "recurringeditdialog.h"
#include "windowmodal.h"

#include <QInputDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QPointer>
#include <QWidget>

OneJobActions::OneJobActions(ActionCenter *center, QlessSession *session)
    : QObject(center)
    , m_center(center)
    , m_session(session)
{}

void OneJobActions::askRemoveDependency(const Job &job, QWidget *parent)
{
    if (m_center->refuseReadOnly(parent, tr("Remove a dependency")) || job.dependencies.isEmpty())
        return;
    const QString all = tr("All of them (%1)").arg(job.dependencies.size());
    QInputDialog *dialog =
        WindowModal::input(parent, QStringLiteral("removeDependencyInput"), tr("Remove a dependency"),
                           tr("Job %1 &stops waiting for:").arg(MnemonicText::literal(QString::fromUtf8(job.jid))));
    QStringList items = job.dependencies;
    if (items.size() > 1)
        items.prepend(all);
    dialog->setComboBoxItems(items);
    const QByteArray jid = job.jid;
    connect(dialog, &QInputDialog::textValueSelected, this, [this, jid, all, parent](const QString &choice) {
        QList<QByteArray> dependencies;
        if (choice != all)
            dependencies.append(choice.toUtf8());
        m_session->jobWrites()->removeDependencies(
            jid, dependencies, this,
            [this, jid, choice, where = QPointer<QWidget>(parent)](const QlessReply<bool> &reply) {
                const QJsonObject arguments{{QStringLiteral("jid"), QString::fromUtf8(jid)},
                                            {QStringLiteral("dependency"), choice}};
                recordOneJob(QStringLiteral("depends off"), arguments, reply.error, reply.value,
                             tr("dependency removed"), tr("the job is no longer waiting on dependencies"),
                             tr("Remove a dependency"), where);
            });
    });
    WindowModal::open(dialog);
}

void OneJobActions::askEditRecurring(const RecurringJob &job, QWidget *parent)
{
    if (m_center->refuseReadOnly(parent, tr("Edit recurring job")))
        return;
    auto *dialog = new RecurringEditDialog(job, parent);
    const QByteArray jid = job.jid;
    connect(dialog, &QDialog::accepted, this, [this, dialog, jid, parent] {
        if (!dialog->changesSomething())
            return;
        const RecurringUpdate update = dialog->update();
        QJsonObject arguments;
        arguments.insert(QStringLiteral("jid"), QString::fromUtf8(jid));
        if (update.interval)
            arguments.insert(QStringLiteral("interval"), *update.interval);
        if (update.priority)
            arguments.insert(QStringLiteral("priority"), *update.priority);
        if (update.retries)
            arguments.insert(QStringLiteral("retries"), *update.retries);
        if (update.queue)
            arguments.insert(QStringLiteral("queue"), *update.queue);
        if (update.backlog)
            arguments.insert(QStringLiteral("backlog"), *update.backlog);
        m_session->jobWrites()->updateRecurring(
            jid, update, this, [this, arguments, where = QPointer<QWidget>(parent)](const QlessReply<bool> &reply) {
                recordOneJob(QStringLiteral("recur update"), arguments, reply.error, reply.value,
                             tr("recurring job updated"), tr("no such recurring job"), tr("Edit recurring job"), where);
            });
    });
    WindowModal::open(dialog);
}

void OneJobActions::askStopRecurring(const RecurringJob &job, QWidget *parent)
{
    if (m_center->refuseReadOnly(parent, tr("Stop recurring job")))
        return;
    const QByteArray jid = job.jid;
    m_center->confirm(
        parent, tr("Stop recurring job"),
        // One arg() for all: a class name holding "%3" must not be filled by the next one.
        tr("Stop recurring job %1 (%2, every %3 s in %4)?\n\nNo more jobs are spawned from it; jobs already "
           "spawned stay.")
            .arg(QString::fromUtf8(jid), job.klass, QString::number(job.interval, 'g', QLocale::FloatingPointShortest),
                 job.queue),
        tr("Stop it"), true, [this, jid, parent] {
            m_session->jobWrites()->stopRecurring(
                jid, this, [this, jid, where = QPointer<QWidget>(parent)](const QlessReply<qint64> &reply) {
                    recordOneJob(QStringLiteral("recur off"), {{QStringLiteral("jid"), QString::fromUtf8(jid)}},
                                 reply.error, reply.value > 0, tr("recurring job stopped"), tr("no such recurring job"),
                                 tr("Stop recurring job"), where);
                });
        });
}

void OneJobActions::askAddNote(const QByteArray &jid, QWidget *parent)
{
    if (m_center->refuseReadOnly(parent, tr("Add note")))
        return;
    auto *dialog = new JobNoteDialog(jid, parent);
    connect(dialog, &QDialog::accepted, this, [this, dialog, jid, parent] {
        const QString message = dialog->message();
        const QString data = dialog->dataJson();
        QJsonObject arguments{{QStringLiteral("jid"), QString::fromUtf8(jid)}, {QStringLiteral("message"), message}};
        if (!data.isEmpty())
            arguments.insert(QStringLiteral("data"), QJsonDocument::fromJson(data.toUtf8()).object());
        m_session->jobWrites()->addNote(jid, message, data, this,
                                        [this, arguments,
                                         where = QPointer<QWidget>(parent)](const QlessReply<bool> &reply) {
                                            recordOneJob(QStringLiteral("log"), arguments, reply.error, reply.ok(),
                                                         tr("note added"), tr("the note was not written"),
                                                         tr("Add note"), where);
                                        });
    });
    WindowModal::open(dialog);
}

void OneJobActions::recordOneJob(const QString &action, const QJsonObject &arguments, const RedisError &error,
                                 bool applied, const QString &doneText, const QString &notDoneText,
                                 const QString &title, QWidget *parent)
{
    AuditRecord record;
    record.action = action;
    record.arguments = arguments;
    const bool done = error.isNull() && applied;
    record.count = done ? 1 : 0;
    record.outcome = done ? QStringLiteral("done") : QStringLiteral("failed");
    const QString why = !error.isNull() ? error.message : done ? doneText : notDoneText;
    // The log keeps the reason; the operator is told which job it was about.
    record.message = done ? why : tr("%1: %2").arg(arguments.value(QStringLiteral("jid")).toString(), why);
    m_center->finishWrite(parent, title, record, ActionCenter::Report::Failure);
}
