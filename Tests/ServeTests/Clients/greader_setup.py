"""libgreader pointed at rss-serve: its addresses are Google's, fixed when its classes were made, so each is
pointed at the server before signing in. Shared by the Google Reader API client scripts."""
from libgreader import ClientAuthMethod, GoogleReader
from libgreader.url import ReaderUrl


def connect(base, user, password):
    """Signs in to the server at `base`; returns (reader, auth, api), `api` the server's /reader/api/0/ address."""
    api = base + "/reader/api/0/"
    ClientAuthMethod.CLIENT_URL = base + "/accounts/ClientLogin"
    ReaderUrl.API_URL = api
    for name in ("ACTION_TOKEN_URL", "USER_INFO_URL", "SUBSCRIPTION_LIST_URL", "SUBSCRIPTION_EDIT_URL",
                 "UNREAD_COUNT_URL", "CONTENT_BASE_URL", "FEED_URL", "CATEGORY_URL", "EDIT_TAG_URL",
                 "MARK_ALL_READ_URL"):
        setattr(ReaderUrl, name, getattr(ReaderUrl, name).replace("https://www.google.com/reader/api/0/", api))
    auth = ClientAuthMethod(user, password)
    return GoogleReader(auth), auth, api
