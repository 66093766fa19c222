// SPDX-License-Identifier: GPL-3.0-or-later
#include "activitypage.h"

#include "auditlog.h"
#include "auditlogmodel.h"
#include "qlesssession.h"
#include "tableexportbutton.h"
#include "tableviews.h"
#include "themecolors.h"
#include "tonestyle.h"

#include <QBrush>
#include <QColor>
#include <QDir>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace {
const QString noteBox = QStringLiteral("border-radius: 3px; padding: 4px 8px;");

// The outcomes an operator looks for in this log stand out: failed, partial and cancelled in bold,
// each in its own colour (the model already colours failed and partial).
class OutcomeMarks final : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;

    QVariant data(const QModelIndex &index, int role) const override
    {
        if (index.column() == AuditLogModel::OutcomeColumn && (role == Qt::FontRole || role == Qt::ForegroundRole)) {
            const QString outcome = QIdentityProxyModel::data(index, AuditLogModel::SortRole).toString();
            const bool notDone = outcome == QLatin1String("failed") || outcome == QLatin1String("partial")
                                 || outcome == QLatin1String("cancelled") || outcome == QLatin1String("damaged");
            if (role == Qt::FontRole && notDone) {
                QFont bold;
                bold.setBold(true);
                return bold;
            }
            if (role == Qt::ForegroundRole && outcome == QLatin1String("cancelled"))
                return QBrush(ThemeColors::text(ThemeColors::Tone::Muted));
        }
        // A long server address is cut in its column: the whole of it on hover.
        if (index.column() == AuditLogModel::ServerColumn && role == Qt::ToolTipRole)
            return QIdentityProxyModel::data(index, Qt::DisplayRole);
        return QIdentityProxyModel::data(index, role);
    }
};
} // namespace

ActivityPage::ActivityPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_marks(new OutcomeMarks(this))
    , m_view(new QTableView(this))
    , m_export(new TableExportButton(
          nullptr,
          [this]() -> std::optional<TableExportView> {
              if (!m_log)
                  return std::nullopt;
              TableExportView view{TableExportView::Kind::Activity};
              view.auditLogPath = m_log->filePath(); // the log this page shows
              return view;
          },
          this))
    , m_note(new QLabel(this))
    , m_path(new QLabel(this))
    , m_status(new QLabel(this))
{
    TableViews::setUp(m_view, m_marks);
    m_view->setAccessibleName(tr("Writes made from this console"));
    // The log's own order, newest first, is the one to read it in (and a million rows are not
    // sorted on the GUI thread).
    m_view->setSortingEnabled(false);
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);

    auto *intro =
        new QLabel(tr("Every write made from this console, newest first: actions, bulk runs and config edits."), this);
    intro->setForegroundRole(QPalette::PlaceholderText);
    m_export->setToolTip(tr("Save the whole log as a CSV file (times in UTC) for a spreadsheet or a ticket."));
    m_path->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_path->setForegroundRole(QPalette::PlaceholderText);
    m_path->setWordWrap(true);
    m_note->setWordWrap(true);
    ToneStyle::set(m_note, ToneStyle::Look::Banner, ToneStyle::Tone::Warning, noteBox);
    m_note->hide();
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->hide();

    auto *top = new QHBoxLayout;
    top->addWidget(intro, 1);
    top->addWidget(m_export);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addLayout(top);
    layout->addWidget(m_note);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_path);

    connect(m_export, &TableExportButton::finished, this, [this](bool ok, const QString &message) {
        if (ok)
            showStatus(true, m_export->lastResult() + QLatin1Char('.'));
        else
            showStatus(false, tr("Export failed: %1").arg(message));
    });
    connect(session, &QlessSession::audited, this, &ActivityPage::reload);
    connect(session, &QlessSession::auditFailed, this, [this](const QString &message) { showStatus(false, message); });
    reload();
    m_export->updateEnabled();
}

void ActivityPage::refresh(std::function<void(bool ok)> done)
{
    reload();
    done(false);
}

void ActivityPage::reload()
{
    // The session may have been handed another log (tests, or a log chosen elsewhere): the model
    // reads the one in use now, and never the one that went away.
    const AuditLog *log = session()->auditLog();
    if (log == m_log && m_model) {
        m_model->reload(); // only what was appended, read off this thread
        return;
    }
    AuditLogModel *old = m_model;
    m_log = log;
    m_model = new AuditLogModel(log->filePath(), this);
    connect(m_model, &AuditLogModel::statusChanged, this, &ActivityPage::updateNote);
    connect(m_model, &AuditLogModel::statusChanged, this, &ActivityPage::findWantedRun);
    connect(m_model, &AuditLogModel::dataChanged, this, &ActivityPage::findWantedRun);
    connect(m_model, &AuditLogModel::rowsInserted, this, &ActivityPage::findWantedRun);
    m_marks->setSourceModel(m_model);
    delete old;
    m_path->setText(tr("Log file: %1").arg(QDir::toNativeSeparators(log->filePath())));
    // Details take what room there is; count and outcome stay together at the right.
    QHeaderView *header = m_view->horizontalHeader();
    header->setStretchLastSection(false);
    header->resizeSection(AuditLogModel::TimeColumn, 150);
    header->resizeSection(AuditLogModel::ServerColumn, 230);
    header->resizeSection(AuditLogModel::ActionColumn, 110);
    header->setSectionResizeMode(AuditLogModel::DetailsColumn, QHeaderView::Stretch);
    header->resizeSection(AuditLogModel::CountColumn, 70);
    header->resizeSection(AuditLogModel::OutcomeColumn, 100);
    updateNote();
}

void ActivityPage::updateNote()
{
    // Called for every piece of the log read: only a change touches the label, since a style sheet
    // set again polishes it again, and a label shown or hidden lays the page out anew.
    const QString problem = m_model->readError();
    const int damaged = m_model->damagedLines();
    QString text;
    if (!problem.isEmpty()) {
        text = problem;
    } else if (damaged > 0) {
        // Only lines shown are read, so this counts those seen so far.
        text = tr("%Ln damaged line(s) of the log (a crash while writing, or a hand edit) marked in the table; "
                  "everything else is shown.",
                  nullptr, damaged);
    } else if (m_model->rowCount() == 0 && m_model->isComplete()) {
        text = tr("Nothing written yet: actions and config edits made from this console appear here.");
    }
    if (m_note->text() != text)
        m_note->setText(text);
    // An empty log is no trouble: said plainly, not as a warning.
    // ToneStyle::set leaves an unchanged style alone (setting one again repolishes the label).
    ToneStyle::set(m_note, ToneStyle::Look::Banner,
                   problem.isEmpty() && damaged == 0 ? ToneStyle::Tone::Plain : ToneStyle::Tone::Warning, noteBox);
    if (m_note->isVisibleTo(this) == text.isEmpty())
        m_note->setVisible(!text.isEmpty());
}

void ActivityPage::selectRun(const QString &run, qint64 timeMs)
{
    m_wantedRun = run;
    m_wantedRunMs = timeMs;
    m_runRow = 0;
    m_runCandidate = -1;
    findWantedRun();
}

void ActivityPage::findWantedRun()
{
    if (m_wantedRun.isEmpty() || !m_model)
        return;
    // A run's rows lie within moments of its mark: a row a minute older ends the walk.
    constexpr qint64 SlackMs = 60000;
    const int rows = m_model->rowCount();
    for (; m_runRow < rows; ++m_runRow) {
        const QModelIndex cell = m_model->index(m_runRow, AuditLogModel::TimeColumn);
        // Asking decodes the row's block; its dataChanged brings the walk back here.
        if (!m_model->data(cell, AuditLogModel::DecodedRole).toBool())
            return;
        const qint64 time = m_model->data(cell, AuditLogModel::SortRole).toLongLong();
        if (m_model->data(cell, AuditLogModel::RunRole).toString() == m_wantedRun) {
            if (time == m_wantedRunMs) {
                endRunLookup(m_runRow);
                return;
            }
            if (m_runCandidate < 0)
                m_runCandidate = m_runRow;
        }
        if (time > 0 && time < m_wantedRunMs - SlackMs) {
            endRunLookup(m_runCandidate);
            return;
        }
    }
    if (m_model->isComplete())
        endRunLookup(m_runCandidate);
}

void ActivityPage::endRunLookup(int row)
{
    const QString run = m_wantedRun;
    m_wantedRun.clear();
    if (row < 0) {
        showStatus(false, tr("Bulk run %1 is not in this console's log.").arg(run));
        emit runLookupFinished(false);
        return;
    }
    const QModelIndex index = m_marks->index(row, AuditLogModel::TimeColumn);
    m_view->setCurrentIndex(index);
    m_view->selectRow(row);
    m_view->scrollTo(index, QAbstractItemView::PositionAtCenter);
    m_view->setFocus(Qt::OtherFocusReason);
    emit runLookupFinished(true);
}

bool ActivityPage::exportCsv(const QString &path)
{
    return m_export->exportTo(path);
}

void ActivityPage::showStatus(bool ok, const QString &message)
{
    ToneStyle::setText(m_status, ok ? ToneStyle::Tone::Plain : ToneStyle::Tone::Bad);
    m_status->setText(message);
    m_status->setVisible(!message.isEmpty());
}
