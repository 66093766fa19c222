#include "joblistactions.h"

#include "actioncenter.h"
#include "joblistmodel.h"
#include "jobselection.h"

#include <QAbstractItemView>
#include <QAction>
#include <QMenu>

namespace JobListActions {

void install(QAbstractItemView *view, const JobListModel *model, QlessSession *session, const Options &options)
{
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setContextMenuPolicy(Qt::CustomContextMenu);
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
    QObject::connect(view, &QWidget::customContextMenuRequested, view, [view, model, session, options](const QPoint &at) {
        // A right-click outside the selection acts on the row under the cursor, as file managers do.
        const QModelIndex clicked = view->indexAt(at);
        if (clicked.isValid() && !view->selectionModel()->isRowSelected(clicked.row(), clicked.parent())) {
            view->selectionModel()->select(clicked, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            view->selectionModel()->setCurrentIndex(clicked, QItemSelectionModel::NoUpdate);
        }
        JobSelection selection = JobSelection::of(view, model, options.group ? options.group() : QString());
        const QString whyNotAll = options.whyNotAll ? options.whyNotAll() : QString();
        if (!whyNotAll.isEmpty())
            selection.all = {};
        if (selection.jobs.isEmpty() && !selection.hasAll())
            return;
        auto *menu = new QMenu(view);
        menu->setObjectName(QStringLiteral("jobActionsMenu"));
        menu->setAttribute(Qt::WA_DeleteOnClose);
        ActionCenter::of(session)->fillJobMenu(menu, selection, view->window());
        if (!whyNotAll.isEmpty()) {
            QAction *note = menu->addAction(whyNotAll);
            note->setEnabled(false);
        }
        menu->popup(view->viewport()->mapToGlobal(at));
    });
}

} // namespace JobListActions
