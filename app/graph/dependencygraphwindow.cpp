// SPDX-License-Identifier: GPL-3.0-or-later
#include "dependencygraphwindow.h"

#include "graphview.h"

#include "actioncenter.h"
#include "jobselection.h"
#include "palettefollower.h"
#include "qlessdependencyreader.h"
#include "qlesssession.h"
#include "tonestyle.h"

#include <QDialogButtonBox>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

DependencyGraphWindow::DependencyGraphWindow(QlessSession *session, const QByteArray &jid, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_center(ActionCenter::of(session))
    , m_reader(new QlessDependencyReader(session->client(), this))
    , m_view(new GraphView(this))
    , m_summary(new QLabel(this))
    , m_cut(new QLabel(this))
    , m_legend(new QLabel(this))
    , m_refresh(new QPushButton(tr("&Refresh"), this))
{
    setModal(false);
    setSizeGripEnabled(true);
    resize(1100, 760);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cut->setWordWrap(true);
    m_cut->hide();
    ToneStyle::set(m_cut, ToneStyle::Look::Banner, ToneStyle::Tone::Warning, QStringLiteral("padding: 4px;"));
    m_legend->setWordWrap(true);
    m_view->setToolTip(tr("Wheel or +/− zoom, drag pans, F fits, Home goes to this job; arrow keys walk from "
                          "the selected job; Enter opens it, the context menu acts on it"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *fit = buttons->addButton(tr("&Fit"), QDialogButtonBox::ActionRole);
    fit->setToolTip(tr("Show the whole graph (F)"));
    buttons->addButton(m_refresh, QDialogButtonBox::ActionRole);
    m_refresh->setToolTip(tr("Read the graph again (F5)"));
    connect(fit, &QPushButton::clicked, m_view, &GraphView::fitAll);
    connect(m_refresh, &QPushButton::clicked, this, &DependencyGraphWindow::refresh);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *f5 = new QShortcut(QKeySequence::Refresh, this);
    connect(f5, &QShortcut::activated, this, &DependencyGraphWindow::refresh);

    m_view->setMenuFiller([this](QMenu *menu, const QString &id) { fillMenu(menu, id); });
    connect(m_view, &GraphView::nodeActivated, this,
            [this](const QString &id) { emit m_center->openJobRequested(id.toUtf8()); });
    connect(m_reader, &QlessDependencyReader::progressed, this, [this](int read, int known) {
        m_summary->setText(tr("Reading… %1 of %2 jobs found so far").arg(read).arg(known));
    });
    connect(m_reader, &QlessDependencyReader::finished, this, &DependencyGraphWindow::showRead);
    connect(m_center, &ActionCenter::changed, this, &DependencyGraphWindow::refresh);
    PaletteFollower::onChange(m_legend, [this] { showSummary(); });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_cut);
    layout->addWidget(m_legend);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    showJob(jid);
}

DependencyGraphWindow::~DependencyGraphWindow()
{
    m_reader->cancel();
}

void DependencyGraphWindow::showJob(const QByteArray &jid)
{
    m_jid = jid;
    m_keepView = false;
    setWindowTitle(tr("Dependencies of job %1 — qlessdesk").arg(QString::fromUtf8(jid)));
    m_summary->setText(tr("Reading…"));
    m_reader->read(jid);
}

void DependencyGraphWindow::refresh()
{
    if (m_reader->isReading())
        return;
    m_keepView = true;
    m_reader->read(m_jid);
}

void DependencyGraphWindow::showRead()
{
    m_view->setGraph(m_reader->graph(), m_keepView);
    if (!m_keepView && m_view->graph().start() >= 0)
        m_view->select(m_view->graph().nodes()[m_view->graph().start()].id);
    showSummary();
    emit loaded();
}

void DependencyGraphWindow::showSummary()
{
    const JobGraph &graph = m_view->graph();
    if (graph.start() < 0)
        return;
    const QLocale locale;
    int upstream = 0;
    int downstream = 0;
    int highest = 0;
    int lowest = 0;
    for (const GraphNode &node : graph.nodes()) {
        upstream += node.level < 0;
        downstream += node.level > 0;
        highest = std::min(highest, node.level);
        lowest = std::max(lowest, node.level);
    }
    const GraphCut &cut = graph.cut();
    m_summary->setText(tr("Job %1 waits on %2 (%3 up) and %4 (%5 down). Read: at most %6 jobs, %7 steps either way; "
                          "qless drops a link when its dependency completes, so only what still waits is shown.")
                           .arg(graph.nodes()[graph.start()].id, tr("%n job(s)", nullptr, upstream),
                                tr("%n step(s)", nullptr, -highest), tr("%n job(s) waiting on it", nullptr, downstream),
                                tr("%n step(s)", nullptr, lowest), locale.toString(cut.maxNodes),
                                locale.toString(cut.maxDepth)));

    QStringList cuts;
    if (cut.byNodes)
        cuts << tr("Stopped at %1 jobs.").arg(locale.toString(cut.maxNodes));
    if (cut.byDepth)
        cuts << tr("Stopped %n step(s) away.", nullptr, cut.maxDepth);
    if (cut.unreadNeighbours > 0)
        cuts << tr("%n link(s) to jobs not read: the boxes marked +N have more beyond them.", nullptr,
                   cut.unreadNeighbours);
    if (cut.failed)
        cuts << tr("A read failed (%1): this is what was read before it.").arg(cut.error);
    m_cut->setText(cuts.join(QLatin1Char(' ')));
    m_cut->setVisible(!cuts.isEmpty());

    QStringList legend;
    QHash<QString, ThemeColors::Tone> tones;
    for (const GraphNode &node : graph.nodes())
        tones.insert(node.stateText, node.tone);
    for (const auto &[state, count] : graph.stateCounts()) {
        legend << ToneStyle::span(tones.value(state), QStringLiteral("■"))
                      + QStringLiteral(" %1 %2").arg(state.toHtmlEscaped(), locale.toString(count));
    }
    m_legend->setText(legend.join(QStringLiteral(" &nbsp; ")));
}

void DependencyGraphWindow::fillMenu(QMenu *menu, const QString &id)
{
    const QByteArray jid = id.toUtf8();
    const std::optional<Job> job = m_reader->job(id);
    if (job) {
        // The actions every job list offers (Open job first), through the session's ActionCenter.
        JobSelection selection;
        selection.jobs = {*job};
        selection.listState = job->state;
        m_center->fillJobMenu(menu, selection, this);
    } else {
        menu->addAction(tr("Open job %1").arg(id), this, [this, jid] { emit m_center->openJobRequested(jid); });
    }
    if (jid != m_jid) {
        menu->addSeparator();
        menu->addAction(tr("Show this job's dependencies"), this, [this, jid] { showJob(jid); });
    }
}
