// SPDX-License-Identifier: GPL-3.0-or-later
#include "historypage.h"

#include "chartexporter.h"
#include "historychart.h"
#include "historyregistry.h"
#include "historystore.h"
#include "qlesssession.h"
#include "serverreads.h"

#include <QComboBox>
#include <QDateTime>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

QList<qint64> HistoryPage::rangeSpansMs()
{
    return {qint64(3600000), qint64(24) * 3600000, qint64(7) * 86400000, qint64(90) * 86400000};
}

HistoryPage::HistoryPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_range(new QComboBox(this))
    , m_queue(new QComboBox(this))
    , m_kind(new QComboBox(this))
    , m_status(new QLabel(this))
    , m_chart(new HistoryChart(this))
{
    m_range->setObjectName(QStringLiteral("historyRange"));
    m_range->setAccessibleName(tr("Time range"));
    m_range->addItems({tr("Last hour"), tr("Last 24 hours"), tr("Last 7 days"), tr("Last 90 days")});
    m_range->setCurrentIndex(1);
    m_queue->setObjectName(QStringLiteral("historyQueue"));
    m_queue->setAccessibleName(tr("Queue"));
    m_queue->addItem(tr("All queues"), QString());
    m_kind->setObjectName(QStringLiteral("historyKind"));
    m_kind->setAccessibleName(tr("Figures"));
    m_kind->addItem(tr("Throughput"), int(HistoryChart::Kind::Throughput));
    m_kind->addItem(tr("Backlog"), int(HistoryChart::Kind::Backlog));
    m_kind->addItem(tr("Failures"), int(HistoryChart::Kind::Failures));
    m_status->setObjectName(QStringLiteral("historyStatus"));
    m_status->setWordWrap(true);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_kind);
    bar->addWidget(m_queue);
    bar->addWidget(m_range);
    bar->addWidget(m_status, 1);
    auto *exportButton = new QPushButton(tr("Export…"), this);
    exportButton->setObjectName(QStringLiteral("historyExport"));
    exportButton->setToolTip(tr("Save the chart as PNG, SVG or PDF, or its numbers as CSV (one row per minute)."));
    connect(exportButton, &QPushButton::clicked, this, &HistoryPage::exportInteractively);
    bar->addWidget(exportButton);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_chart, 1);

    for (QComboBox *box : {m_range, m_queue, m_kind})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { reload({}); });
}

HistoryPage::~HistoryPage() = default;

void HistoryPage::refresh(std::function<void(bool ok)> done)
{
    session()->reads()->queueCounts(this, [this, done](const QlessReply<QList<QueueCounts>> &reply) {
        if (reply.ok()) {
            QStringList names;
            for (const QueueCounts &q : reply.value)
                names << q.name;
            setQueues(names);
        }
        reload([done, ok = reply.ok()](bool readOk) {
            if (done)
                done(ok && readOk);
        });
    });
}

void HistoryPage::setQueues(const QStringList &names)
{
    QStringList sorted = names;
    sorted.sort();
    QStringList shown;
    for (int i = 1; i < m_queue->count(); ++i)
        shown << m_queue->itemData(i).toString();
    if (shown == sorted)
        return;
    const QString chosen = m_queue->currentData().toString();
    const QSignalBlocker quiet(m_queue);
    while (m_queue->count() > 1)
        m_queue->removeItem(1);
    for (const QString &name : std::as_const(sorted))
        m_queue->addItem(name, name);
    // A queue gone from the server keeps its history: it stays choosable while chosen.
    if (!chosen.isEmpty() && !sorted.contains(chosen))
        m_queue->addItem(chosen, chosen);
    m_queue->setCurrentIndex(std::max(0, m_queue->findData(chosen)));
}

void HistoryPage::reload(std::function<void(bool ok)> done)
{
    const qint64 span = rangeSpansMs().value(m_range->currentIndex(), rangeSpansMs().at(1));
    // Up to the end of the current minute, so the minute being recorded shows as it fills.
    const qint64 toMs = (QDateTime::currentMSecsSinceEpoch() / 60000 + 1) * 60000;
    const qint64 fromMs = toMs - span;
    const QString queue = m_queue->currentData().toString();
    const auto kind = HistoryChart::Kind(m_kind->currentData().toInt());
    const QString title =
        tr("%1 · %2 · %3")
            .arg(m_kind->currentText(), queue.isEmpty() ? tr("all queues") : queue, m_range->currentText());
    if (!m_store) {
        // Opened when first shown, not with the window: a window whose History is never looked
        // at leaves the file alone (the registry's store is the one the recorder shares).
        QSettings settings;
        m_store = HistoryRegistry::instance().store(HistoryRegistry::fileFor(session()->settings()),
                                                    HistoryPolicy::fromSettings(settings));
    }
    const int asked = ++m_readsAsked;
    m_store->read(
        {queue, fromMs, toMs, 0}, this, [this, done, asked, kind, fromMs, toMs, queue, title](const HistoryRead &read) {
            // An answer overtaken by a later choice is dropped: the chart shows the last one asked.
            if (asked != m_readsAsked) {
                if (done)
                    done(true);
                return;
            }
            m_chart->show(read, kind, fromMs, toMs, queue, title);
            QString status;
            if (!read.error.isEmpty())
                status = tr("Cannot read the history: %1").arg(read.error);
            else if (read.points.isEmpty())
                status = tr("Nothing recorded in this range: history is recorded while a window or `qlessdesk record` "
                            "watches this server.");
            else if (!m_store->isWriter() && !m_store->whyReadOnly().isEmpty())
                status = tr("Read only: %1").arg(m_store->whyReadOnly());
            m_status->setText(status);
            if (done)
                done(read.error.isEmpty());
        });
}

bool HistoryPage::exportTo(const QString &path, QString *error) const
{
    return ChartExporter::exportToFile(*m_chart, path, ChartExporter::defaultSize(), error);
}

void HistoryPage::exportInteractively()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export history"), QString(), ChartExporter::fileDialogFilter());
    if (path.isEmpty())
        return;
    QString error;
    if (!exportTo(path, &error))
        QMessageBox::warning(this, tr("Export history"), error);
}
