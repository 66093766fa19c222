// SPDX-License-Identifier: GPL-3.0-or-later
#include "joblistpane.h"

#include "elidedcelldelegate.h"
#include "joblistmodel.h"
#include "jobtableproxy.h"
#include "qlesssession.h"
#include "tableexportbutton.h"
#include "tableviews.h"
#include "visiblerows.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QTableView>
#include <QVBoxLayout>

JobListPane::JobListPane(QlessSession *session, QWidget *parent)
    : QWidget(parent)
    , m_model(new JobListModel(session->client(), this))
    , m_proxy(new JobTableProxy(this))
    , m_view(new QTableView(this))
    , m_heading(new QLabel(this))
    , m_export(new TableExportButton(
          session, [this] { return m_exportView; }, this))
{
    m_proxy->setSourceModel(m_model);
    TableViews::setUp(m_view, m_proxy);
    m_view->setObjectName(QStringLiteral("jobView")); // its remembered columns' key
    m_view->setAccessibleName(tr("Jobs"));            // and the heading as its description (updateHeading)
    // The source's own order (pop order, newest failure first, ...) until the operator sorts.
    m_view->sortByColumn(-1, Qt::AscendingOrder);
    VisibleRows::follow(m_view, m_model); // a refresh reads the rows on screen, not all loaded
    // Jids and worker names that share their beginnings are told apart by their ends.
    if (ElidedCellDelegate *cells = ElidedCellDelegate::of(m_view)) {
        cells->setMiddleElided(JobListModel::JidColumn);
        cells->setMiddleElided(JobListModel::WorkerColumn);
    }
    m_heading->setTextFormat(Qt::PlainText);
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    // A long group or worker name, or a longer language, must not widen the window past the
    // screen: the heading gives way, its whole text in its tooltip and the list's description.
    m_heading->setMinimumWidth(1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_heading, 1);
    top->addWidget(m_export);
    layout->addLayout(top);
    m_export->hide(); // until the page says which list this is
    layout->addWidget(m_view, 1);

    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) {
        const Job job = index.data(JobListModel::JobRole).value<Job>();
        if (!job.jid.isEmpty())
            emit jobActivated(job.jid);
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &JobListPane::currentJobChanged);
    connect(m_model, &JobListModel::totalChanged, this, &JobListPane::updateHeading);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &JobListPane::updateHeading);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &JobListPane::updateHeading);
    connect(m_model, &JobListModel::loadFailed, this, &JobListPane::updateHeading);
    connect(m_model, &JobListModel::loadingChanged, this, &JobListPane::updateHeading);
}

void JobListPane::setColumns(const QList<QPair<int, int>> &columnsAndWidths)
{
    QHeaderView *header = m_view->horizontalHeader();
    header->setStretchLastSection(false);
    for (int column = 0; column < JobListModel::ColumnCount; ++column)
        m_view->setColumnHidden(column, true);
    for (int i = 0; i < columnsAndWidths.size(); ++i) {
        const auto [column, width] = columnsAndWidths.at(i);
        m_view->setColumnHidden(column, false);
        header->moveSection(header->visualIndex(column), i);
        if (width > 0) {
            // Never narrower than its title: a translated one can be longer than the English.
            header->resizeSection(column, qMax(width, header->sectionSizeHint(column)));
        } else if (width == RestOfRow) {
            header->setSectionResizeMode(column, QHeaderView::Interactive);
            header->setStretchLastSection(true);
        } else {
            header->setSectionResizeMode(column, QHeaderView::Stretch);
        }
    }
}

void JobListPane::setSource(const JobSource &source, const QString &heading)
{
    m_headingText = heading;
    m_model->setSource(source);
    updateHeading();
}

void JobListPane::setExportView(const std::optional<TableExportView> &view)
{
    m_exportView = view;
    m_export->setVisible(view.has_value());
    m_export->updateEnabled();
}

void JobListPane::clear(const QString &text)
{
    m_headingText = text;
    m_model->setSource({});
    updateHeading();
}

void JobListPane::refresh(std::function<void(bool ok)> done)
{
    if (!m_model->source().isValid()) {
        done(true);
        return;
    }
    m_model->refresh([this, done] { done(m_model->lastError().isEmpty()); });
}

std::optional<Job> JobListPane::currentJob() const
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return std::nullopt;
    return current.data(JobListModel::JobRole).value<Job>();
}

void JobListPane::updateHeading()
{
    if (!m_model->source().isValid()) {
        m_heading->setText(m_headingText);
        m_heading->setToolTip(m_headingText);
        m_view->setAccessibleDescription(m_headingText);
        return;
    }
    const QLocale locale;
    QString text = m_headingText;
    const qint64 total = m_model->total();
    if (total >= 0) {
        text += tr(": %Ln job(s)", nullptr, int(total));
        if (m_model->rowCount() < total)
            text += tr(", %1 loaded").arg(locale.toString(m_model->rowCount()));
    } else if (m_model->rowCount() > 0) {
        // A list whose length the source does not say (completed jobs): what is here so far, or
        // all of it once the last page came.
        const int rows = m_model->rowCount();
        text += m_model->canFetchMore({}) ? tr(": %1 loaded").arg(locale.toString(rows))
                                          : tr(": %Ln job(s)", nullptr, rows);
    } else if (m_model->isLoading()) {
        text += tr(": loading…");
    }
    if (!m_model->lastError().isEmpty())
        text += tr(" (could not read: %1)").arg(m_model->lastError());
    m_heading->setText(text);
    m_heading->setToolTip(text);
    m_view->setAccessibleDescription(text);
}
