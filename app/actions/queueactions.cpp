// SPDX-License-Identifier: GPL-3.0-or-later
#include "queueactions.h"

#include "mnemonictext.h"

#include "configeditor.h"
#include "configmodel.h"
#include "qlesssession.h"
#include "queuelistmodel.h"
#include "queuewrites.h"
#include "rowcontextmenu.h"
#include "windowmodal.h"

#include <QAbstractItemView>
#include <QAction>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLocale>
#include <QMenu>
#include <QPointer>

#include <limits>

namespace {
QString queuesText(const QStringList &queues)
{
    return QueueActions::namesText(queues, QueueActions::tr("queue “%1”"), QueueActions::tr("%1 queues (%2)"));
}

QStringList namesOf(const QList<QueueCounts> &queues, bool paused)
{
    QStringList names;
    for (const QueueCounts &queue : queues) {
        if (queue.paused == paused)
            names << queue.name;
    }
    return names;
}

bool holdsNothing(const QueueCounts &queue)
{
    return queue.waiting + queue.running + queue.stalled + queue.scheduled + queue.depends + queue.recurring == 0;
}
} // namespace

QueueActions::QueueActions(QlessSession *session)
    : NamedRowActions(session, QStringLiteral("queueActions"))
{}

QueueActions *QueueActions::of(QlessSession *session)
{
    auto *actions = session->findChild<QueueActions *>(QStringLiteral("queueActions"), Qt::FindDirectChildrenOnly);
    return actions ? actions : new QueueActions(session);
}

QString QueueActions::optionFor(const QString &queue)
{
    return queue + QStringLiteral("-max-concurrency");
}

void QueueActions::install(QAbstractItemView *view, const QueueListModel *model)
{
    RowContextMenu::install(view, QStringLiteral("queueActionsMenu"), [this, view, model](QMenu *menu) {
        if (model->rowCount() == 0)
            return false;
        QList<QueueCounts> selected;
        for (const QModelIndex &index : view->selectionModel()->selectedRows()) {
            const int row = model->rowOf(index.data(QueueListModel::KeyRole).toString());
            if (row >= 0)
                selected << model->rowAt(row);
        }
        fillMenu(menu, selected, model->rows(), view->window());
        return true;
    });
}

void QueueActions::fillMenu(QMenu *menu, const QList<QueueCounts> &selected, const QList<QueueCounts> &all,
                            QWidget *parent)
{
    menu->setToolTipsVisible(true);
    if (!selected.isEmpty()) {
        if (selected.size() == 1)
            menu->addSection(tr("Queue %1").arg(selected.first().name));
        else
            menu->addSection(tr("%1 selected queues").arg(QLocale().toString(selected.size())));
        const QStringList running = namesOf(selected, false);
        const QStringList paused = namesOf(selected, true);
        if (!running.isEmpty())
            addGuarded(menu, running.size() == 1 ? tr("Pause") : tr("Pause %1").arg(running.size()),
                       [this, running, parent] { pause(running, parent); });
        if (!paused.isEmpty())
            addGuarded(menu, paused.size() == 1 ? tr("Unpause") : tr("Unpause %1").arg(paused.size()),
                       [this, paused, parent] { unpause(paused, parent); });
        if (selected.size() == 1) {
            const QueueCounts queue = selected.first();
            addGuarded(menu, tr("Max concurrency…"), [this, queue, parent] { askMaxConcurrency(queue, parent); });
        }
        QStringList names;
        bool anyEmpty = false;
        for (const QueueCounts &queue : selected) {
            names << queue.name;
            anyEmpty = anyEmpty || holdsNothing(queue);
        }
        QAction *forgetAction = addGuarded(menu, selected.size() == 1 ? tr("Forget…") : tr("Forget the empty ones…"),
                                           [this, names, parent] { forget(names, parent); });
        if (!anyEmpty && !m_center->isReadOnly()) {
            forgetAction->setEnabled(false);
            forgetAction->setToolTip(tr("Only a queue that holds no job and no recurring template can be forgotten."));
        }
    }
    const QStringList running = namesOf(all, false);
    const QStringList paused = namesOf(all, true);
    if (all.size() > 1 || selected.isEmpty()) {
        menu->addSection(tr("All %1 queues").arg(QLocale().toString(all.size())));
        QAction *pauseAll = addGuarded(menu, tr("Pause all…"), [this, running, parent] { pause(running, parent); });
        pauseAll->setEnabled(pauseAll->isEnabled() && !running.isEmpty());
        QAction *unpauseAll = addGuarded(menu, tr("Unpause all…"), [this, paused, parent] { unpause(paused, parent); });
        unpauseAll->setEnabled(unpauseAll->isEnabled() && !paused.isEmpty());
    }
}

void QueueActions::pause(const QStringList &queues, QWidget *parent)
{
    setPaused(true, queues, parent);
}

void QueueActions::unpause(const QStringList &queues, QWidget *parent)
{
    setPaused(false, queues, parent);
}

void QueueActions::setPaused(bool pause, const QStringList &queues, QWidget *parent)
{
    const QString title = pause ? tr("Pause queues") : tr("Unpause queues");
    const QString text =
        pause ? tr("Pause %1?\n\nWorkers take no more jobs from it until it is unpaused; jobs already running go "
                   "on, and nothing is moved or lost.")
                    .arg(queuesText(queues))
              : tr("Unpause %1?\n\nWorkers take its waiting jobs again.").arg(queuesText(queues));
    confirmWrite(queues, parent, title, text, pause ? tr("Pause") : tr("Unpause"), false,
                 [this, pause, queues, title, parent] {
                     const auto done = [this, pause, queues, title,
                                        where = QPointer<QWidget>(parent)](const QlessReply<bool> &reply) {
                         const QString message = reply.ok() ? (pause ? tr("%1 paused").arg(queuesText(queues))
                                                                     : tr("%1 unpaused").arg(queuesText(queues)))
                                                            : reply.error.message;
                         finishWrite(where, title, pause ? QStringLiteral("pause") : QStringLiteral("unpause"),
                                     QStringLiteral("queues"), queues,
                                     reply.ok() ? QStringLiteral("done") : QStringLiteral("failed"), message,
                                     ActionCenter::Report::Failure);
                     };
                     if (pause)
                         m_session->queueWrites()->pause(queues, this, done);
                     else
                         m_session->queueWrites()->unpause(queues, this, done);
                 });
}

void QueueActions::forget(const QStringList &queues, QWidget *parent)
{
    const QString title = tr("Forget queues");
    const QString text = tr("Forget %1?\n\nA queue that holds nothing leaves the queues list (its stats and "
                            "settings stay). A queue that still holds jobs or a recurring template is kept.")
                             .arg(queuesText(queues));
    confirmWrite(queues, parent, title, text, tr("Forget"), true, [this, queues, title, parent] {
        m_session->queueWrites()->forget(
            queues, this,
            [this, queues, title, where = QPointer<QWidget>(parent)](const QlessReply<QStringList> &reply) {
                QString message;
                if (reply.ok()) {
                    QStringList kept;
                    for (const QString &queue : queues) {
                        if (!reply.value.contains(queue))
                            kept << queue;
                    }
                    QStringList lines;
                    if (!reply.value.isEmpty())
                        lines << tr("Forgotten: %1.").arg(reply.value.join(QStringLiteral(", ")));
                    if (!kept.isEmpty())
                        lines << tr("Kept, because they hold jobs or a recurring template: %1.")
                                     .arg(kept.join(QStringLiteral(", ")));
                    message = lines.join(QLatin1Char(' '));
                } else {
                    message = reply.error.message;
                }
                const QString outcome = !reply.ok()                           ? QStringLiteral("failed")
                                        : reply.value.size() == queues.size() ? QStringLiteral("done")
                                                                              : QStringLiteral("partial");
                finishWrite(where, title, QStringLiteral("forget queues"), QStringLiteral("queues"), queues, outcome,
                            message, ActionCenter::Report::Always);
            });
    });
}

ConfigEditor *QueueActions::editor()
{
    if (!m_editor) {
        m_config = new ConfigModel(m_session->client(), this);
        m_editor = new ConfigEditor(m_session, m_config, this);
    }
    return m_editor;
}

void QueueActions::askMaxConcurrency(const QueueCounts &queue, QWidget *parent)
{
    const QString title = tr("Max concurrency");
    if (m_center->refuseReadOnly(parent, title))
        return;
    QInputDialog *dialog =
        WindowModal::input(parent, QStringLiteral("maxConcurrencyInput"), title,
                           tr("&At most this many jobs of queue “%1” run at once (0: no limit).\n"
                              "Running now: %2.")
                               .arg(MnemonicText::literal(queue.name), QLocale().toString(queue.running)));
    dialog->setInputMode(QInputDialog::IntInput);
    dialog->setIntRange(0, std::numeric_limits<int>::max());
    dialog->setIntValue(int(qBound<qint64>(0, queue.maxConcurrency, qint64(std::numeric_limits<int>::max()))));
    const QString option = optionFor(queue.name);
    connect(dialog, &QInputDialog::intValueSelected, this,
            [this, option, title, where = QPointer<QWidget>(parent)](int value) {
                ConfigEditor *config = editor();
                QString error;
                // 0 is qless's own "no limit": the option goes, as if never set.
                const bool sent =
                    value == 0 ? config->unset(option, &error) : config->set(option, QString::number(value), &error);
                if (!sent) {
                    m_center->showError(where, title, error);
                    return;
                }
                auto *once = new QObject(this);
                connect(config, &ConfigEditor::finished, once,
                        [this, once, title, where](bool ok, const QString &message) {
                            once->deleteLater();
                            if (!ok)
                                m_center->showError(where, title, message);
                            emit m_center->changed();
                        });
            });
    WindowModal::open(dialog);
}
