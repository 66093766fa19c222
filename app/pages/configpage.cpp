#include "configpage.h"

#include "configmodel.h"
#include "qlesssession.h"
#include "tableviews.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

ConfigPage::ConfigPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_config(new ConfigModel(session->client(), this))
    , m_view(new QTableView(this))
{
    // The model's order (qless's own options, then queue heartbeats, then the rest) is the
    // useful one: no sorting.
    TableViews::setUp(m_view, m_config);
    m_view->setSortingEnabled(false);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    QHeaderView *header = m_view->horizontalHeader();
    header->resizeSection(ConfigModel::NameColumn, 200);
    header->resizeSection(ConfigModel::ValueColumn, 220);
    header->resizeSection(ConfigModel::DefaultColumn, 130);

    auto *note = new QLabel(tr("Values in force. Bold: set for this server; grey: qless's default."), this);
    note->setForegroundRole(QPalette::PlaceholderText);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(note);
    layout->addWidget(m_view, 1);
}

void ConfigPage::refresh(std::function<void(bool ok)> done)
{
    m_config->refresh([this, done] { done(m_config->lastError().isEmpty()); });
}
