// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"

#include "auditlog.h"
#include "auditrecord.h"

#include "bulkrunner.h"
#include "mnemonictext.h"
#include "qlesssession.h"
#include "queuepickerdialog.h"
#include "serverreads.h"
#include "windowmodal.h"

#include <QAction>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QWidget>

#include <algorithm>

namespace {
QString jobsText(const BulkTarget &target)
{
    if (target.kind == BulkTarget::Kind::Jids && target.jids.size() == 1)
        return ActionCenter::tr("job %1").arg(QString::fromUtf8(target.jids.first()));
    if (target.kind == BulkTarget::Kind::Jids)
        return ActionCenter::tr("%Ln selected job(s)", nullptr, int(target.jids.size()));
    return target.description;
}

QStringList splitTags(const QString &text)
{
    QStringList tags;
    for (const QString &part : text.split(QLatin1Char(','))) {
        const QString tag = part.trimmed();
        if (!tag.isEmpty() && !tags.contains(tag))
            tags.append(tag);
    }
    return tags;
}

// What the confirmation asks before `action` runs on `jobs`, and the word on its yes button.
struct Confirmation
{
    QString question;
    QString button;
};

// The rule of BulkRunner::cancelReason, as the operator reads it before saying yes.
QString cancelRule(const BulkTarget &target)
{
    if (target.kind == BulkTarget::Kind::FailureGroup) {
        return ActionCenter::tr("A job that is no longer failed when its turn comes (retried, running again, "
                                "gone) is not cancelled and is counted apart.");
    }
    const QString meanwhile = ActionCenter::tr("Each job is checked when its turn comes: one that completed or "
                                               "vanished meanwhile is counted apart, and one a worker started running "
                                               "since it was listed is not cancelled but left to its worker.");
    if (!target.listsRunning())
        return meanwhile;
    return ActionCenter::tr("Jobs listed as running are cancelled too: their workers lose them.") + QLatin1Char(' ')
           + meanwhile;
}

Confirmation confirmationOf(const JobAction &action, const BulkTarget &target, const QString &jobs)
{
    switch (action.kind) {
    case JobAction::Kind::Retry:
        return {ActionCenter::tr("Retry %1?\n\nEach failed job goes back into the queue it failed in, waiting, with "
                                 "its retries restored. Jobs that are no longer failed are skipped.")
                    .arg(jobs),
                ActionCenter::tr("Retry")};
    case JobAction::Kind::Move:
        return {ActionCenter::tr("Move %1 to queue “%2”?\n\nThey wait there with their retries restored; a worker "
                                 "holding one loses it.")
                    .arg(jobs, action.queue),
                ActionCenter::tr("Move")};
    case JobAction::Kind::Cancel:
        return {ActionCenter::tr("Cancel %1?\n\nCancelled jobs are deleted with their data and history. This "
                                 "cannot be undone. %2 Jobs that others depend on are skipped.")
                    .arg(jobs, cancelRule(target)),
                ActionCenter::tr("Cancel jobs")};
    case JobAction::Kind::Timeout:
        return {ActionCenter::tr("Time out %1?\n\nEach running job is taken from its worker (told it lost the lock) "
                                 "and waits first in line in its queue, marked timed out, as qless's timeout does. "
                                 "Jobs no longer running are skipped.")
                    .arg(jobs),
                ActionCenter::tr("Time out")};
    default: return {ActionCenter::tr("%1 on %2?").arg(action.describe(), jobs), ActionCenter::tr("Apply")};
    }
}
} // namespace

ActionCenter::ActionCenter(QlessSession *session)
    : QObject(session)
    , m_session(session)
    , m_oneJob(new OneJobActions(this, session))
    , m_menus(this)
{
    setObjectName(QStringLiteral("actionCenter"));
    // The answer comes after the pages made their buttons: those guarded so far follow it.
    connect(session, &QlessSession::permissionsChanged, this, &ActionCenter::followPermissions);
}

ActionCenter *ActionCenter::of(QlessSession *session)
{
    auto *center = session->findChild<ActionCenter *>(QStringLiteral("actionCenter"), Qt::FindDirectChildrenOnly);
    return center ? center : new ActionCenter(session);
}

bool ActionCenter::isReadOnly() const
{
    return m_session->isReadOnly() || m_session->permissions().writesRefused();
}

QString ActionCenter::refusalReason() const
{
    if (m_session->isReadOnly())
        return readOnlyReason();
    return m_session->permissions().explanation();
}

QString ActionCenter::readOnlyReason()
{
    return tr("This connection is read-only: nothing can be changed from it. "
              "Connect again without “read-only” to act on jobs.");
}

void ActionCenter::guard(QWidget *widget)
{
    m_guarded.removeIf([](const Guarded &g) { return g.widget.isNull(); });
    auto known =
        std::find_if(m_guarded.begin(), m_guarded.end(), [widget](const Guarded &g) { return g.widget == widget; });
    if (known == m_guarded.end()) {
        m_guarded.append({widget, widget->toolTip(), false});
        known = m_guarded.end() - 1;
    }
    // The page set it enabled or not for its own reasons just now: only ours is applied on top.
    known->disabledHere = false;
    applyGuard(&*known);
}

void ActionCenter::applyGuard(Guarded *guarded) const
{
    if (!isReadOnly())
        return;
    if (guarded->widget->isEnabled() || guarded->disabledHere) {
        guarded->disabledHere = true;
        guarded->widget->setEnabled(false);
    }
    guarded->widget->setToolTip(refusalReason());
}

void ActionCenter::followPermissions()
{
    m_guarded.removeIf([](const Guarded &g) { return g.widget.isNull(); });
    for (Guarded &guarded : m_guarded) {
        if (isReadOnly()) {
            applyGuard(&guarded);
        } else {
            // Writes may go after all: as the page had it before the refusal was applied.
            guarded.widget->setToolTip(guarded.ownToolTip);
            if (guarded.disabledHere)
                guarded.widget->setEnabled(true);
            guarded.disabledHere = false;
        }
    }
}

void ActionCenter::guard(QAction *action) const
{
    if (!isReadOnly())
        return;
    action->setEnabled(false);
    action->setToolTip(refusalReason());
}

QList<BulkRunner *> ActionCenter::runs() const
{
    QList<BulkRunner *> out;
    for (const QPointer<BulkRunner> &runner : m_runs) {
        if (runner)
            out.append(runner);
    }
    return out;
}

void ActionCenter::run(const JobAction &action, const BulkTarget &target, QWidget *parent)
{
    if (isReadOnly()) {
        showError(parent, action.describe(), refusalReason());
        return;
    }
    const qint64 count = target.count();
    const bool large = target.kind != BulkTarget::Kind::Jids || count >= confirmFrom;
    // A time out takes a job from its worker: always confirmed, even for one job.
    if (!action.isDestructive() && action.kind != JobAction::Kind::Timeout && !large) {
        start(action, target, parent);
        return;
    }
    const Confirmation asked = confirmationOf(action, target, jobsText(target));
    confirm(parent, action.describe(), asked.question, asked.button, action.isDestructive(),
            [this, action, target, parent] { start(action, target, parent); });
}

void ActionCenter::start(const JobAction &action, const BulkTarget &target, QWidget *parent)
{
    auto *runner = new BulkRunner(m_session, action, target, this);
    m_runs.append(runner);
    QPointer<QWidget> where(parent);
    connect(runner, &BulkRunner::finished, this, [this, runner, where] {
        emit runFinished(runner);
        emit changed();
        if (runner->target().kind == BulkTarget::Kind::Jids && runner->target().jids.size() == 1)
            reportOneJob(runner, where);
    });
    emit runStarted(runner);
    runner->start();
}

void ActionCenter::adopt(BulkProgress *run)
{
    connect(run, &BulkProgress::finished, this, [this, run] {
        emit runFinished(run);
        emit changed();
    });
    emit runStarted(run);
}

void ActionCenter::reportOneJob(BulkRunner *runner, QWidget *parent)
{
    const BulkSummary &summary = runner->summary();
    if (summary.done == 1)
        return;
    const QByteArray jid = runner->target().jids.first();
    const QString title = runner->action().describe();
    if (summary.skipped.contains(BulkRunner::hasDependentsReason())) {
        auto *box = new QMessageBox(QMessageBox::Warning, title,
                                    tr("Job %1 was not cancelled: other jobs depend on it. Cancel those first, "
                                       "or together with it.")
                                        .arg(QString::fromUtf8(jid)),
                                    QMessageBox::Close, parent);
        box->setObjectName(QStringLiteral("actionResult"));
        QPushButton *show = box->addButton(tr("Show its dependents"), QMessageBox::ActionRole);
        connect(box, &QMessageBox::finished, this, [this, box, show, jid] {
            if (box->clickedButton() == show)
                emit openJobRequested(jid);
        });
        WindowModal::open(box);
        return;
    }
    showError(parent, title, tr("Job %1: %2").arg(QString::fromUtf8(jid), summary.text()));
}

void ActionCenter::confirm(QWidget *parent, const QString &title, const QString &text, const QString &button,
                           bool destructive, std::function<void()> go)
{
    auto *box = new QMessageBox(destructive ? QMessageBox::Warning : QMessageBox::Question, title, text,
                                QMessageBox::NoButton, parent);
    box->setObjectName(QStringLiteral("confirmAction"));
    QPushButton *yes = box->addButton(button, QMessageBox::AcceptRole);
    QPushButton *no = box->addButton(tr("Don’t"), QMessageBox::RejectRole);
    box->setDefaultButton(destructive ? no : yes);
    connect(box, &QMessageBox::finished, this, [box, yes, go] {
        if (box->clickedButton() == yes)
            go();
    });
    WindowModal::open(box);
}

void ActionCenter::showError(QWidget *parent, const QString &title, const QString &text)
{
    showResult(parent, title, text, true);
}

bool ActionCenter::refuseReadOnly(QWidget *parent, const QString &title)
{
    if (!isReadOnly())
        return false;
    showError(parent, title, refusalReason());
    return true;
}

void ActionCenter::finishWrite(QWidget *parent, const QString &title, const AuditRecord &record, Report report)
{
    const bool failed = record.outcome == QLatin1String("failed");
    QString message = record.message;
    const bool logged = m_session->audit(record);
    if (!logged)
        message +=
            QLatin1Char(' ') + tr("The audit log could not be written: %1").arg(m_session->auditLog()->errorString());
    if (failed || !logged || report == Report::Always)
        showResult(parent, title, message, failed || !logged);
    emit changed();
}

void ActionCenter::showResult(QWidget *parent, const QString &title, const QString &text, bool problem)
{
    auto *box = new QMessageBox(problem ? QMessageBox::Warning : QMessageBox::Information, title, text,
                                QMessageBox::Close, parent);
    box->setObjectName(QStringLiteral("actionResult"));
    WindowModal::open(box);
}

void ActionCenter::actOnFailed(FailedChoice choice, const BulkTarget &target, QWidget *parent)
{
    switch (choice) {
    case FailedChoice::Retry: run(JobAction::retry(), target, parent); break;
    case FailedChoice::Move: askMove(target, QStringLiteral("failed"), parent); break;
    case FailedChoice::Cancel: run(JobAction::cancel(), target, parent); break;
    }
}

void ActionCenter::askMove(const BulkTarget &target, const QString &onlyState, QWidget *parent)
{
    auto *dialog = new QueuePickerDialog(m_session->reads(), tr("Move %1 to:").arg(jobsText(target)), parent);
    connect(dialog, &QDialog::accepted, this, [this, dialog, target, onlyState, parent] {
        run(JobAction::move(dialog->queue(), onlyState), target, parent);
    });
    WindowModal::open(dialog);
}

void ActionCenter::askPriority(const BulkTarget &target, double current, QWidget *parent)
{
    QInputDialog *dialog =
        WindowModal::input(parent, QStringLiteral("priorityInput"), tr("Set priority"),
                           tr("&Priority for %1 (higher runs first):").arg(MnemonicText::literal(jobsText(target))));
    dialog->setInputMode(QInputDialog::DoubleInput);
    dialog->setDoubleRange(-1e9, 1e9);
    dialog->setDoubleDecimals(2);
    dialog->setDoubleValue(current);
    connect(dialog, &QInputDialog::doubleValueSelected, this,
            [this, target, parent](double value) { run(JobAction::setPriority(value), target, parent); });
    WindowModal::open(dialog);
}

void ActionCenter::askTags(bool add, const BulkTarget &target, const QStringList &known, QWidget *parent)
{
    QInputDialog *dialog =
        WindowModal::input(parent, add ? QStringLiteral("addTagsInput") : QStringLiteral("removeTagsInput"),
                           add ? tr("Add tags") : tr("Remove tags"),
                           (add ? tr("&Tags to add to %1 (comma-separated):")
                                : tr("&Tags to remove from %1 (comma-separated):"))
                               .arg(MnemonicText::literal(jobsText(target))));
    if (!add && !known.isEmpty()) {
        dialog->setComboBoxItems(known);
        dialog->setComboBoxEditable(true);
    }
    connect(dialog, &QInputDialog::textValueSelected, this, [this, add, target, parent](const QString &text) {
        const QStringList tags = splitTags(text);
        if (tags.isEmpty()) {
            showError(parent, add ? tr("Add tags") : tr("Remove tags"), tr("No tag was given: nothing changed."));
            return;
        }
        run(add ? JobAction::addTags(tags) : JobAction::removeTags(tags), target, parent);
    });
    WindowModal::open(dialog);
}

void ActionCenter::fillJobMenu(QMenu *menu, const JobSelection &selection, QWidget *parent)
{
    m_menus.fillJobMenu(menu, selection, parent);
}

void ActionCenter::fillAllJobsMenu(QMenu *menu, const JobSelection &selection, QWidget *parent)
{
    m_menus.fillAllJobsMenu(menu, selection, parent);
}
