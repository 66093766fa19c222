// SPDX-License-Identifier: GPL-3.0-or-later
#include "joblistactions.h"

#include "actioncenter.h"
#include "jiddragsource.h"
#include "joblistmodel.h"
#include "jobselection.h"
#include "rowcontextmenu.h"
#include "tablecopy.h"

#include <QAbstractItemView>
#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>
#include <QTableView>

namespace JobListActions {

namespace {
// One jid a line: what a shell loop, a search field or another tool takes.
void copyJids(const QAbstractItemView *view, const JobListModel *model)
{
    QStringList jids;
    for (const QByteArray &jid : JobSelection::of(view, model).jids())
        jids.append(QString::fromUtf8(jid));
    if (!jids.isEmpty())
        QGuiApplication::clipboard()->setText(jids.join(QLatin1Char('\n')));
}

// The copy entries of a row's context menu, with the keys that do the same from the keyboard.
void addCopyEntries(QMenu *menu, QAbstractItemView *view, const JobListModel *model, qsizetype selected)
{
    menu->addSeparator();
    QAction *jids =
        menu->addAction(selected == 1 ? QObject::tr("Copy jid") : QObject::tr("Copy %n jids", nullptr, int(selected)));
    jids->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    QObject::connect(jids, &QAction::triggered, view, [view, model] { copyJids(view, model); });
    if (auto *table = qobject_cast<QTableView *>(view)) {
        QAction *rows = menu->addAction(QObject::tr("Copy rows"));
        rows->setShortcut(QKeySequence::Copy);
        QObject::connect(rows, &QAction::triggered, view,
                         [table] { QGuiApplication::clipboard()->setText(TableCopy::selectedRows(table)); });
    }
}
} // namespace

void install(QAbstractItemView *view, const JobListModel *model, QlessSession *session, const Options &options)
{
    auto *copy = new QAction(QObject::tr("Copy jids"), view);
    copy->setObjectName(QStringLiteral("copyJidsAction"));
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->setShortcutContext(Qt::WidgetShortcut);
    view->addAction(copy);
    QObject::connect(copy, &QAction::triggered, view, [view, model] { copyJids(view, model); });
    JidDragSource::install(view, [view, model] { return JobSelection::of(view, model).jids(); });
    // Delete cancels the selected jobs, after the confirmation every cancel gets.
    if (options.cancelOnDelete) {
        auto *cancel = new QAction(QObject::tr("Cancel selected jobs"), view);
        cancel->setShortcut(QKeySequence::Delete);
        cancel->setShortcutContext(Qt::WidgetShortcut);
        view->addAction(cancel);
        QObject::connect(cancel, &QAction::triggered, view, [view, model, session] {
            const JobSelection selection = JobSelection::of(view, model);
            if (!selection.jobs.isEmpty())
                ActionCenter::of(session)->run(JobAction::cancel(), selection.selected(), view->window());
        });
    }
    RowContextMenu::install(view, QStringLiteral("jobActionsMenu"), [view, model, session, options](QMenu *menu) {
        JobSelection selection = JobSelection::of(view, model, options.group ? options.group() : QString());
        const QString whyNotAll = options.whyNotAll ? options.whyNotAll() : QString();
        if (!whyNotAll.isEmpty())
            selection.all = {};
        if (selection.jobs.isEmpty() && !selection.hasAll())
            return false;
        ActionCenter::of(session)->fillJobMenu(menu, selection, view->window());
        if (!whyNotAll.isEmpty()) {
            QAction *note = menu->addAction(whyNotAll);
            note->setEnabled(false);
        }
        if (!selection.jobs.isEmpty())
            addCopyEntries(menu, view, model, selection.jobs.size());
        return true;
    });
}

} // namespace JobListActions
